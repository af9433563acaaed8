/**
 * The Record of Employment's codes the ROE screen offers (issue 45 item 3; the file in server/roe-xml.ts), from
 * Service Canada's ROE Web user requirements, Appendix D, payroll extract XML layout version 2.0.
 */

/**
 * Block 16's reason codes (Appendix D 2.0, 2017 update): the letter of the paper form, then the detail
 * (A00 shortage of work, E00 quit, M00 dismissal …). Labels under `pr:roeReasons.<code>`.
 */
export const ROE_REASON_CODES = [
  'A00',
  'A01',
  'B00',
  'D00',
  'E00',
  'E02',
  'E03',
  'E04',
  'E05',
  'E06',
  'E09',
  'E10',
  'E11',
  'F00',
  'G00',
  'G07',
  'H00',
  'J00',
  'K00',
  'K12',
  'K13',
  'K14',
  'K15',
  'K16',
  'K17',
  'M00',
  'M08',
  'N00',
  'P00',
  'Z00',
] as const;
export type RoeReasonCode = (typeof ROE_REASON_CODES)[number];

/** The reasons ROE Web accepts only with an explanation in block 18 (comments). */
export const REASONS_NEEDING_COMMENTS: readonly string[] = ['K00', 'K15'];
