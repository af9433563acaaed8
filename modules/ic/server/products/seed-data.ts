/**
 * The demo catalogue's data (issue 15 item 9): a Canadian metals and electrical distributor — sheet and
 * plate, coils, bar, structural shapes, pipe and tube, wire and cable, fittings, electrical supplies, kits
 * and fabricated assemblies with their bills of materials, and two services. Theoretical weights (kg per
 * unit of measure) follow the metals' densities (steel 7.85, stainless 7.93, aluminum 2.70 kg/dm³) and the
 * dimensions; list prices are CAD. Used by ./seed.ts (and by tests that need a known product).
 */

export interface DemoProduct {
  id: string;
  desc: string;
  cls: string;
  grp: string;
  typ: string;
  uom: string;
  /** Theoretical weight per unit of measure (kg). */
  wt?: string;
  /** LIST price, CAD, per unit of measure. */
  price: string;
  lot: boolean;
  loc?: string;
  barcode?: string;
  mfr?: string;
  mat?: string;
  sub?: string;
  grade?: string;
  spec?: string;
  gauge?: string;
  gmin?: string;
  gmax?: string;
  width?: string;
  wmin?: string;
  wmax?: string;
  length?: string;
  lmin?: string;
  lmax?: string;
  shape?: string;
  ph?: string;
  pw?: string;
  pt?: string;
  kit?: 'Kit' | 'Assembly';
  mfd?: boolean;
  svc?: boolean;
  /** Bill of materials: component id, quantity per unit. */
  comps?: [string, string][];
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { id: "HRS-10GA-48X96", desc: "Hot rolled sheet 10 ga (3.42 mm) 48 x 96 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "79.7200", gauge: "3.4160", gmin: "3.2452", gmax: "3.5868", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "A36", spec: "ASTM-A1011", mat: "Carbon", price: "107.62", lot: true, loc: "RACK-SHR" },
  { id: "HRS-12GA-48X96", desc: "Hot rolled sheet 12 ga (2.66 mm) 48 x 96 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "62.0071", gauge: "2.6570", gmin: "2.5242", gmax: "2.7899", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "A36", spec: "ASTM-A1011", mat: "Carbon", price: "83.71", lot: true, loc: "RACK-SHR" },
  { id: "HRS-14GA-48X120", desc: "Hot rolled sheet 14 ga (1.90 mm) 48 x 120 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "55.3384", gauge: "1.8970", gmin: "1.8022", gmax: "1.9919", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "3048.0000", lmin: "3042.0000", lmax: "3060.0000", grade: "A36", spec: "ASTM-A1011", mat: "Carbon", price: "76.37", lot: true, loc: "RACK-SHR" },
  { id: "CRS-16GA-48X96", desc: "Cold rolled sheet 16 ga (1.52 mm) 48 x 96 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "35.4493", gauge: "1.5190", gmin: "1.4431", gmax: "1.5950", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "1008", spec: "ASTM-A1008", mat: "Carbon", price: "57.43", lot: true, loc: "RACK-SCR" },
  { id: "CRS-18GA-48X96", desc: "Cold rolled sheet 18 ga (1.21 mm) 48 x 96 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "28.3314", gauge: "1.2140", gmin: "1.1533", gmax: "1.2747", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "1008", spec: "ASTM-A1008", mat: "Carbon", price: "46.75", lot: true, loc: "RACK-SCR" },
  { id: "GALV-20GA-48X120", desc: "Galvanized sheet G90 20 ga (0.95 mm) 48 x 120 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "27.8005", gauge: "0.9530", gmin: "0.9054", gmax: "1.0007", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "3048.0000", lmin: "3042.0000", lmax: "3060.0000", grade: "CS-B", spec: "ASTM-A653", mat: "Galvanized", price: "53.38", lot: true, loc: "RACK-SGA" },
  { id: "GALV-22GA-48X96", desc: "Galvanized sheet G90 22 ga (0.79 mm) 48 x 96 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "18.4831", gauge: "0.7920", gmin: "0.7524", gmax: "0.8316", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "CS-B", spec: "ASTM-A653", mat: "Galvanized", price: "36.04", lot: true, loc: "RACK-SGA" },
  { id: "SS304-16GA-48X96", desc: "Stainless 304 sheet #4 finish 16 ga 48 x 96 in", cls: "SHEET", grp: "STAINLESS", typ: "STOCK", uom: "EA", wt: "35.8105", gauge: "1.5190", gmin: "1.4431", gmax: "1.5950", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "304", spec: "ASTM-A240", mat: "Stainless", price: "265.00", lot: true, loc: "RACK-SSS" },
  { id: "SS316-14GA-48X96", desc: "Stainless 316 sheet 2B 14 ga 48 x 96 in", cls: "SHEET", grp: "STAINLESS", typ: "STOCK", uom: "EA", wt: "44.7219", gauge: "1.8970", gmin: "1.8022", gmax: "1.9919", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "316", spec: "ASTM-A240", mat: "Stainless", price: "438.27", lot: true, loc: "RACK-SSS" },
  { id: "AL5052-063-48X144", desc: "Aluminum 5052-H32 sheet 0.063 in 48 x 144 in", cls: "SHEET", grp: "ALUM", typ: "STOCK", uom: "EA", wt: "19.2644", gauge: "1.6000", gmin: "1.5200", gmax: "1.6800", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "3657.6000", lmin: "3651.6000", lmax: "3669.6000", grade: "5052-H32", spec: "ASTM-B209", mat: "Aluminum", price: "165.67", lot: true, loc: "RACK-SAL" },
  { id: "AL6061-125-48X96", desc: "Aluminum 6061-T6 sheet 0.125 in 48 x 96 in", cls: "SHEET", grp: "ALUM", typ: "STOCK", uom: "EA", wt: "25.4852", gauge: "3.1750", gmin: "3.0163", gmax: "3.3338", width: "1219.2000", wmin: "1216.2000", wmax: "1225.2000", length: "2438.4000", lmin: "2432.4000", lmax: "2450.4000", grade: "6061-T6", spec: "ASTM-B209", mat: "Aluminum", price: "228.09", lot: true, loc: "RACK-SAL" },
  { id: "PL-A36-250-96X240", desc: "Steel plate A36 1/4 in 96 x 240 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "740.9575", gauge: "6.3500", gmin: "6.0325", gmax: "6.6675", width: "2438.4000", wmin: "2435.4000", wmax: "2444.4000", length: "6096.0000", lmin: "6090.0000", lmax: "6108.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "1074.39", lot: true, loc: "RACK-SPL" },
  { id: "PL-44W-375-96X240", desc: "Steel plate CSA 44W 3/8 in 96 x 240 in", cls: "SHEET", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "1111.4362", gauge: "9.5250", gmin: "9.0488", gmax: "10.0013", width: "2438.4000", wmin: "2435.4000", wmax: "2444.4000", length: "6096.0000", lmin: "6090.0000", lmax: "6108.0000", grade: "44W", spec: "CSA-G40.21", mat: "Carbon", price: "1689.38", lot: true, loc: "RACK-SPL" },
  { id: "COIL-HR-10GA-48", desc: "Hot rolled pickled and oiled coil 10 ga x 48 in", cls: "COIL", grp: "STEEL", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "3.4160", gmin: "3.2110", gmax: "3.6210", width: "1219.2000", wmin: "1217.2000", wmax: "1224.2000", grade: "A36", spec: "ASTM-A1011", mat: "Carbon", sub: "P&O", price: "1.1800", lot: true, loc: "BAY-C" },
  { id: "COIL-HR-12GA-60", desc: "Hot rolled coil 12 ga x 60 in", cls: "COIL", grp: "STEEL", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "2.6570", gmin: "2.4976", gmax: "2.8164", width: "1524.0000", wmin: "1522.0000", wmax: "1529.0000", grade: "A36", spec: "ASTM-A1011", mat: "Carbon", sub: "Black", price: "1.1500", lot: true, loc: "BAY-C" },
  { id: "COIL-CR-18GA-36", desc: "Cold rolled coil 18 ga x 36 in", cls: "COIL", grp: "STEEL", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "1.2140", gmin: "1.1412", gmax: "1.2868", width: "914.4000", wmin: "912.4000", wmax: "919.4000", grade: "1008", spec: "ASTM-A1008", mat: "Carbon", sub: "Matte", price: "1.4200", lot: true, loc: "BAY-C" },
  { id: "COIL-GALV-20GA-48", desc: "Galvanized coil G90 20 ga x 48 in", cls: "COIL", grp: "STEEL", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "0.9530", gmin: "0.8958", gmax: "1.0102", width: "1219.2000", wmin: "1217.2000", wmax: "1224.2000", grade: "CS-B", spec: "ASTM-A653", mat: "Galvanized", sub: "G90", price: "1.7100", lot: true, loc: "BAY-C" },
  { id: "COIL-GALV-26GA-36", desc: "Galvanized coil G60 26 ga x 36 in", cls: "COIL", grp: "STEEL", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "0.4550", gmin: "0.4277", gmax: "0.4823", width: "914.4000", wmin: "912.4000", wmax: "919.4000", grade: "CS-B", spec: "ASTM-A653", mat: "Galvanized", sub: "G60", price: "1.7900", lot: true, loc: "BAY-C" },
  { id: "COIL-SS304-16GA-48", desc: "Stainless 304 coil 2B 16 ga x 48 in", cls: "COIL", grp: "STAINLESS", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "1.5190", gmin: "1.4279", gmax: "1.6101", width: "1219.2000", wmin: "1217.2000", wmax: "1224.2000", grade: "304", spec: "ASTM-A240", mat: "Stainless", sub: "2B", price: "6.9500", lot: true, loc: "BAY-C" },
  { id: "COIL-AL3003-032-48", desc: "Aluminum 3003-H14 coil 0.032 in x 48 in", cls: "COIL", grp: "ALUM", typ: "STOCK", uom: "KG", wt: "1.0000", gauge: "0.8130", gmin: "0.7642", gmax: "0.8618", width: "1219.2000", wmin: "1217.2000", wmax: "1224.2000", grade: "3003-H14", spec: "ASTM-B209", mat: "Aluminum", sub: "Mill", price: "7.8500", lot: true, loc: "BAY-C" },
  { id: "BAR-FL-A36-250X2", desc: "Flat bar A36 1/4 x 2 in x 20 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "15.4229", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "26.22", lot: false, loc: "RACK-B", shape: "Flat", ph: "6.3500", pw: "50.8000", pt: "6.3500" },
  { id: "BAR-FL-A36-375X3", desc: "Flat bar A36 3/8 x 3 in x 20 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "34.7472", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "59.07", lot: false, loc: "RACK-B", shape: "Flat", ph: "9.5250", pw: "76.2000", pt: "9.5250" },
  { id: "BAR-RD-1018-0750", desc: "Cold drawn round bar 1018 3/4 in x 12 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "8.2296", length: "3657.6000", lmin: "3632.6000", lmax: "3707.6000", grade: "1018", spec: "ASTM-A108", mat: "Carbon", price: "17.28", lot: false, loc: "RACK-B", shape: "Round", ph: "19.0500", pw: "19.0500", pt: "19.0500" },
  { id: "BAR-RD-1045-1500", desc: "Turned and polished round bar 1045 1-1/2 in x 12 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "32.8818", length: "3657.6000", lmin: "3632.6000", lmax: "3707.6000", grade: "1045", spec: "ASTM-A108", mat: "Carbon", price: "80.56", lot: false, loc: "RACK-B", shape: "Round", ph: "38.1000", pw: "38.1000", pt: "38.1000" },
  { id: "BAR-SQ-A36-1000", desc: "Square bar A36 1 in x 20 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "30.8458", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "53.98", lot: false, loc: "RACK-B", shape: "Square", ph: "25.4000", pw: "25.4000", pt: "25.4000" },
  { id: "BAR-HEX-12L14-0875", desc: "Hex bar 12L14 7/8 in x 12 ft", cls: "BAR", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "14.1549", length: "3657.6000", lmin: "3632.6000", lmax: "3707.6000", grade: "12L14", spec: "ASTM-A108", mat: "Carbon", price: "36.80", lot: false, loc: "RACK-B" },
  { id: "BAR-AL6061-RD-1000", desc: "Aluminum 6061-T6 round bar 1 in x 12 ft", cls: "BAR", grp: "ALUM", typ: "STOCK", uom: "EA", wt: "5.0109", length: "3657.6000", lmin: "3632.6000", lmax: "3707.6000", grade: "6061-T6", spec: "ASTM-B221", mat: "Aluminum", price: "47.10", lot: false, loc: "RACK-B", shape: "Round", ph: "25.4000", pw: "25.4000", pt: "25.4000" },
  { id: "ANGLE-A36-2X2X250", desc: "Angle A36 2 x 2 x 1/4 in x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "28.9560", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "45.75", lot: true, shape: "Angle", ph: "50.8000", pw: "50.8000", pt: "6.3500", loc: "YARD-1" },
  { id: "ANGLE-44W-3X3X375", desc: "Angle CSA 44W 3 x 3 x 3/8 in x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "65.2882", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "44W", spec: "CSA-G40.21", mat: "Carbon", price: "103.16", lot: true, shape: "Angle", ph: "76.2000", pw: "76.2000", pt: "9.5250", loc: "YARD-1" },
  { id: "CHAN-C4X5.4", desc: "Channel C4 x 5.4 A36 x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "49.0118", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "77.44", lot: true, shape: "Channel", ph: "101.6000", pw: "40.2000", pt: "4.6000", loc: "YARD-1" },
  { id: "CHAN-C6X8.2", desc: "Channel C6 x 8.2 A36 x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "74.3712", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "A36", spec: "ASTM-A36", mat: "Carbon", price: "117.51", lot: true, shape: "Channel", ph: "152.4000", pw: "48.8000", pt: "5.1000", loc: "YARD-1" },
  { id: "BEAM-W6X15", desc: "Wide flange beam W6 x 15 CSA 50W x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "135.9408", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "50W", spec: "CSA-G40.21", mat: "Carbon", price: "214.79", lot: true, shape: "Beam", ph: "152.1000", pw: "152.4000", pt: "6.6000", loc: "YARD-1" },
  { id: "BEAM-W8X31", desc: "Wide flange beam W8 x 31 CSA 50W x 20 ft", cls: "STRUCT", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "281.0256", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "50W", spec: "CSA-G40.21", mat: "Carbon", price: "444.02", lot: true, shape: "Beam", ph: "203.2000", pw: "203.1000", pt: "11.0000", loc: "YARD-1" },
  { id: "PIPE-A53-S40-1000", desc: "Pipe A53 grade B schedule 40 black 1 in x 21 ft", cls: "PIPE", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "16.0020", length: "6400.8000", lmin: "6375.8000", lmax: "6450.8000", grade: "A53-B", spec: "ASTM-A53", mat: "Carbon", price: "29.60", lot: false, shape: "Round", ph: "33.4000", pw: "33.4000", pt: "3.3800", loc: "YARD-2" },
  { id: "PIPE-A53-S40-2000", desc: "Pipe A53 grade B schedule 40 black 2 in x 21 ft", cls: "PIPE", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "34.8204", length: "6400.8000", lmin: "6375.8000", lmax: "6450.8000", grade: "A53-B", spec: "ASTM-A53", mat: "Carbon", price: "64.42", lot: false, shape: "Round", ph: "60.3000", pw: "60.3000", pt: "3.9100", loc: "YARD-2" },
  { id: "PIPE-A53-S80-1500", desc: "Pipe A53 grade B schedule 80 black 1-1/2 in x 21 ft", cls: "PIPE", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "34.6283", length: "6400.8000", lmin: "6375.8000", lmax: "6450.8000", grade: "A53-B", spec: "ASTM-A53", mat: "Carbon", price: "64.06", lot: false, shape: "Round", ph: "48.3000", pw: "48.3000", pt: "5.0800", loc: "YARD-2" },
  { id: "TUBE-A500-SQ-2X2X188", desc: "HSS square tube A500 2 x 2 x 3/16 in x 24 ft", cls: "PIPE", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "50.2554", length: "7315.2000", lmin: "7290.2000", lmax: "7365.2000", grade: "A500-B", spec: "ASTM-A500", mat: "Carbon", price: "92.97", lot: false, shape: "Tube", ph: "50.8000", pw: "50.8000", pt: "4.7600", loc: "YARD-2" },
  { id: "TUBE-A500-RE-4X2X250", desc: "HSS rectangular tube A500 4 x 2 x 1/4 in x 24 ft", cls: "PIPE", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "116.7506", length: "7315.2000", lmin: "7290.2000", lmax: "7365.2000", grade: "A500-B", spec: "ASTM-A500", mat: "Carbon", price: "215.99", lot: false, shape: "Tube", ph: "101.6000", pw: "50.8000", pt: "6.3500", loc: "YARD-2" },
  { id: "TUBE-SS304-RD-1500", desc: "Stainless 304 round tube 1-1/2 in x 0.065 in x 20 ft", cls: "PIPE", grp: "STAINLESS", typ: "STOCK", uom: "EA", wt: "14.2037", length: "6096.0000", lmin: "6071.0000", lmax: "6146.0000", grade: "304", spec: "ASTM-A554", mat: "Stainless", price: "100.85", lot: false, shape: "Round", ph: "38.1000", pw: "38.1000", pt: "1.6500", loc: "YARD-2" },
  { id: "WIRE-T90-14-BLK", desc: "T90 Nylon copper building wire 14 AWG black", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.0240", price: "0.4150", lot: true, barcode: "062578140014", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-T90-12-BLK", desc: "T90 Nylon copper building wire 12 AWG black", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.0360", price: "0.6175", lot: true, barcode: "062578120011", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-T90-10-RED", desc: "T90 Nylon copper building wire 10 AWG red", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.0560", price: "0.9850", lot: true, barcode: "062578100027", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-NMD90-14-2", desc: "NMD90 copper cable 14/2 with ground", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.0710", price: "0.8725", lot: true, barcode: "062578142019", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-NMD90-12-2", desc: "NMD90 copper cable 12/2 with ground", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.1020", price: "1.2450", lot: true, barcode: "062578122011", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-AC90-12-2", desc: "AC90 aluminum armoured cable 12/2", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.1480", price: "2.1900", lot: true, barcode: "062578122028", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Aluminum" },
  { id: "WIRE-TECK90-6-3", desc: "TECK90 copper cable 6/3 with ground, PVC jacket", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.7900", price: "12.8500", lot: true, barcode: "062578063014", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "WIRE-GRND-6-BARE", desc: "Bare soft-drawn copper ground wire 6 AWG", cls: "WIRE", grp: "COPPER", typ: "STOCK", uom: "M", wt: "0.1190", price: "3.2400", lot: true, barcode: "062578060015", loc: "WIRE-RACK", mfr: "Nexans Canada", mat: "Copper" },
  { id: "FIT-EMT-CONN-050", desc: "EMT set-screw connector 1/2 in, zinc die-cast", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0300", price: "0.48", lot: false, barcode: "078621000501", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-EMT-COUP-050", desc: "EMT set-screw coupling 1/2 in, zinc die-cast", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0350", price: "0.52", lot: false, barcode: "078621000518", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-EMT-CONN-075", desc: "EMT set-screw connector 3/4 in, zinc die-cast", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0500", price: "0.79", lot: false, barcode: "078621000754", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-PVC-ELB90-100", desc: "Rigid PVC 90 degree elbow 1 in", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.1100", price: "2.35", lot: false, barcode: "078621001003", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-LOCKNUT-050", desc: "Steel locknut 1/2 in", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0080", price: "0.12", lot: false, barcode: "078621000525", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-TECK-CONN-075", desc: "TECK cable connector 3/4 in, aluminum", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.1200", price: "11.75", lot: false, barcode: "078621000761", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-BUSHING-100", desc: "Insulated plastic bushing 1 in", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0100", price: "0.39", lot: false, barcode: "078621001010", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "FIT-STRAP-1H-050", desc: "One-hole EMT strap 1/2 in, steel", cls: "FITTINGS", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0120", price: "0.16", lot: false, barcode: "078621000532", loc: "BIN-F", mfr: "Thomas & Betts" },
  { id: "EL-BKR-15A-1P", desc: "Circuit breaker 15 A 1 pole 120/240 V plug-on", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.1100", price: "11.95", lot: false, barcode: "785901015011", loc: "BIN-E", mfr: "Schneider Electric" },
  { id: "EL-BKR-20A-1P", desc: "Circuit breaker 20 A 1 pole 120/240 V plug-on", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.1100", price: "12.45", lot: false, barcode: "785901020015", loc: "BIN-E", mfr: "Schneider Electric" },
  { id: "EL-BKR-40A-2P", desc: "Circuit breaker 40 A 2 pole 120/240 V plug-on", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.2300", price: "38.90", lot: false, barcode: "785901040022", loc: "BIN-E", mfr: "Schneider Electric" },
  { id: "EL-PANEL-100A-24", desc: "Load centre 100 A 24 circuits main breaker", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "6.8000", price: "189.00", lot: false, barcode: "785901100244", loc: "BIN-E", mfr: "Schneider Electric" },
  { id: "EL-BOX-4SQ", desc: "Steel 4 in square box 1-1/2 in deep", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.3400", price: "3.25", lot: false, barcode: "785902000412", loc: "BIN-E", mfr: "Iberville" },
  { id: "EL-BOX-OCT", desc: "Steel octagon box 4 in 1-1/2 in deep", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.2900", price: "2.95", lot: false, barcode: "785902000429", loc: "BIN-E", mfr: "Iberville" },
  { id: "EL-RECEP-15A", desc: "Duplex receptacle 15 A 125 V white, residential", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0700", price: "1.49", lot: false, barcode: "785903015014", loc: "BIN-E", mfr: "Leviton" },
  { id: "EL-GFCI-15A", desc: "GFCI receptacle 15 A 125 V white, tamper-resistant", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.1800", price: "24.95", lot: false, barcode: "785903015021", loc: "BIN-E", mfr: "Leviton" },
  { id: "EL-SWITCH-1P", desc: "Single-pole toggle switch 15 A white", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "0.0600", price: "1.29", lot: false, barcode: "785903001512", loc: "BIN-E", mfr: "Leviton" },
  { id: "EL-EMT-050-10FT", desc: "EMT conduit 1/2 in x 10 ft", cls: "ELECTRICAL", grp: "ELEC", typ: "STOCK", uom: "EA", wt: "1.2200", price: "6.85", lot: false, barcode: "785904005010", loc: "BIN-E", mfr: "Wheatland Tube" },
  { id: "KIT-PANEL-100A", desc: "Residential panel kit 100 A: load centre with 16 breakers", cls: "ELECTRICAL", grp: "ELEC", typ: "KIT", uom: "EA", wt: "8.6800", price: "442.42", lot: false, kit: "Kit", mfd: false, comps: [["EL-PANEL-100A-24", "1"], ["EL-BKR-15A-1P", "10"], ["EL-BKR-20A-1P", "5"], ["EL-BKR-40A-2P", "1"]], loc: "BIN-K" },
  { id: "KIT-EMT-RUN-050", desc: "EMT run kit 1/2 in x 100 ft: conduit, couplings, connectors, straps", cls: "FITTINGS", grp: "ELEC", typ: "KIT", uom: "EA", wt: "12.8460", price: "84.26", lot: false, kit: "Kit", mfd: false, comps: [["EL-EMT-050-10FT", "10"], ["FIT-EMT-COUP-050", "10"], ["FIT-EMT-CONN-050", "4"], ["FIT-STRAP-1H-050", "12"], ["FIT-LOCKNUT-050", "4"]], loc: "BIN-K" },
  { id: "ASSY-BRACKET-A", desc: "Welded wall bracket type A, angle and flat bar", cls: "FAB", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "3.6667", price: "8.53", lot: false, kit: "Assembly", mfd: true, comps: [["ANGLE-A36-2X2X250", "0.1000"], ["BAR-FL-A36-250X2", "0.0500"]], loc: "BIN-K" },
  { id: "ASSY-BASEPLATE-12", desc: "Column base plate 12 x 12 x 1/4 in with four anchor lugs", cls: "FAB", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "5.0795", price: "11.07", lot: false, kit: "Assembly", mfd: true, comps: [["PL-A36-250-96X240", "0.0063"], ["BAR-RD-1018-0750", "0.0500"]], loc: "BIN-K" },
  { id: "ASSY-HANDRAIL-10", desc: "Handrail section 10 ft: 1-1/2 in pipe rails and flat bar pickets", cls: "FAB", grp: "STEEL", typ: "STOCK", uom: "EA", wt: "54.9036", price: "145.60", lot: false, kit: "Assembly", mfd: true, comps: [["PIPE-A53-S80-1500", "1.0000"], ["BAR-FL-A36-250X2", "0.5000"], ["TUBE-A500-SQ-2X2X188", "0.2500"]], loc: "BIN-K" },
  { id: "SVC-CUT-SHEAR", desc: "Shearing service, per cut", cls: "SERVICE", grp: "STEEL", typ: "SERVICE", uom: "EA", price: "4.50", lot: false, svc: true },
  { id: "SVC-SAW-CUT", desc: "Saw cutting service, per cut", cls: "SERVICE", grp: "STEEL", typ: "SERVICE", uom: "EA", price: "6.00", lot: false, svc: true },
];
