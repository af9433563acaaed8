/**
 * `custom-elements.json` (generated from the JSDoc headers by `npm run build -w shell-elements`) against the
 * elements as they run: every exported element is documented with its summary, its public properties and
 * attributes, exactly the events of its contract, its parts and exactly the custom properties its styles
 * define. A header that drifts from the code, or a manifest not rebuilt after a change, fails here.
 */
import { expect } from '@open-wc/testing';
import type { CSSResultOrNative, PropertyDeclaration } from 'lit';
import * as api from './index.ts';
import { ErpSession } from './session/session-element.ts';
import { ERP_EVENT_NAMES } from './events.ts';

interface Described {
  name: string;
  description?: string;
}
interface Declaration {
  kind: string;
  name: string;
  tagName?: string;
  customElement?: boolean;
  summary?: string;
  members?: (Described & { kind: string; privacy?: string; static?: boolean })[];
  attributes?: (Described & { fieldName?: string })[];
  events?: Described[];
  slots?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}
interface Manifest {
  schemaVersion: string;
  modules: { path: string; declarations?: Declaration[] }[];
}

/** The events each element may fire: the contract root-config codes against. */
const CONTRACT: Record<string, string[]> = {
  'erp-top-bar': [
    'erp-navigate',
    'erp-tab-select',
    'erp-tab-close',
    'erp-language-change',
    'erp-login',
    'erp-logout',
    'erp-change-password',
    'erp-about',
    'erp-switch-account',
  ],
  'erp-loading-overlay': [],
  'erp-portal-badge': [],
  'erp-portal-bar': [],
  'erp-menu-bar': ['erp-menu-select'],
  'erp-tab-bar': ['erp-menu-tab-select', 'erp-menu-tab-close'],
  'erp-command-palette': ['erp-navigate', 'erp-palette-close', 'erp-palette-query', 'erp-open-record'],
  'erp-dialog': ['erp-dialog-action'],
  'erp-about': [],
  'erp-banner': ['erp-banner-close'],
};

type ElementClass = CustomElementConstructor & {
  elementProperties: Map<PropertyKey, PropertyDeclaration>;
  elementStyles: CSSResultOrNative[];
};

/** Every element class the package exports, by tag. */
const exported: [string, ElementClass][] = (Object.values(api) as unknown[])
  .filter((value): value is ElementClass => typeof value === 'function' && value.prototype instanceof HTMLElement)
  .map((element) => [customElements.getName(element) ?? `(unregistered ${element.name})`, element]);

let manifest: Manifest;
const declarationOf = (tag: string): Declaration | undefined =>
  manifest.modules.flatMap((module) => module.declarations ?? []).find((declaration) => declaration.tagName === tag);
const names = (items: Described[] | undefined) => (items ?? []).map((item) => item.name).sort();
const undocumented = (items: Described[] | undefined) =>
  (items ?? []).filter((item) => !item.description?.trim()).map((item) => item.name);

/** Custom properties an element's styles define (`--erp-x: value`), not those it only reads. */
function definedCustomProperties(element: ElementClass): string[] {
  const css = element.elementStyles
    .map((style) => ('cssText' in style ? style.cssText : [...style.cssRules].map((rule) => rule.cssText).join('\n')))
    .join('\n');
  return [...new Set([...css.matchAll(/(--erp-[\w-]+)\s*:/g)].map((match) => match[1]!))].sort();
}

describe('custom-elements.json', () => {
  before(async () => {
    const response = await fetch('/shell-elements/custom-elements.json');
    if (!response.ok) throw new Error(`custom-elements.json is missing (${response.status}): run npm run build -w shell-elements`);
    manifest = (await response.json()) as Manifest;
  });

  it('is referenced by package.json and copied unchanged to dist/', async () => {
    const pkg = (await (await fetch('/shell-elements/package.json')).json()) as { customElements?: string };
    expect(pkg.customElements).to.equal('custom-elements.json');
    const copy = await fetch('/shell-elements/dist/custom-elements.json');
    expect(copy.ok, 'dist/custom-elements.json').to.equal(true);
    expect(await copy.json()).to.deep.equal(manifest);
    expect(manifest.schemaVersion).to.be.a('string');
  });

  it('the contract lists exactly the exported elements', () => {
    expect(exported.map(([tag]) => tag).sort()).to.deep.equal(Object.keys(CONTRACT).sort());
  });

  it('documents every exported element under its tag and class, with a summary', () => {
    for (const [tag, element] of exported) {
      const declaration = declarationOf(tag);
      expect(declaration, tag).to.not.equal(undefined);
      expect(declaration!.name, tag).to.equal(element.name);
      expect(declaration!.customElement, tag).to.equal(true);
      expect(declaration!.summary?.trim().length ?? 0, `${tag} summary`).to.be.greaterThan(20);
    }
  });

  it('documents exactly the events of each contract, each described', () => {
    for (const [tag] of exported) {
      const declaration = declarationOf(tag)!;
      expect(names(declaration.events), tag).to.deep.equal([...CONTRACT[tag]!].sort());
      expect(undocumented(declaration.events), `${tag} events without a description`).to.deep.equal([]);
    }
  });

  it('documents every event of the package, and no other', () => {
    const documented = new Set(exported.flatMap(([tag]) => names(declarationOf(tag)!.events)));
    expect([...documented].sort()).to.deep.equal([...ERP_EVENT_NAMES].sort());
  });

  it('documents each public property with a description, and its attribute', () => {
    for (const [tag, element] of exported) {
      const declaration = declarationOf(tag)!;
      const reactive = [...element.elementProperties.entries()].filter(([, options]) => !options.state);
      const fields = (declaration.members ?? []).filter((member) => member.kind === 'field' && !member.static);
      expect(names(fields), `${tag} properties`).to.deep.equal(reactive.map(([name]) => String(name)).sort());
      expect(undocumented(fields), `${tag} properties without a description`).to.deep.equal([]);
      const attributes = reactive
        .filter(([, options]) => options.attribute !== false)
        .map(([name, options]) => (typeof options.attribute === 'string' ? options.attribute : String(name).toLowerCase()))
        .sort();
      expect(names(declaration.attributes), `${tag} attributes`).to.deep.equal(attributes);
    }
  });

  it('leaves internal members out', () => {
    for (const [tag] of exported) {
      const hidden = (declarationOf(tag)!.members ?? []).filter((member) => member.privacy && member.privacy !== 'public');
      expect(hidden.map((member) => member.name), tag).to.deep.equal([]);
    }
  });

  it('documents every CSS part with a description', () => {
    for (const [tag] of exported) {
      const parts = declarationOf(tag)!.cssParts;
      expect(parts?.length ?? 0, `${tag} parts`).to.be.greaterThan(0);
      expect(undocumented(parts), `${tag} parts without a description`).to.deep.equal([]);
    }
  });

  it('documents exactly the custom properties each element defines', () => {
    for (const [tag, element] of exported) {
      const declaration = declarationOf(tag)!;
      expect(names(declaration.cssProperties), `${tag} custom properties`).to.deep.equal(definedCustomProperties(element));
      expect(undocumented(declaration.cssProperties), `${tag} custom properties without a description`).to.deep.equal([]);
    }
  });

  it("documents erp-dialog's default slot", () => {
    expect(declarationOf('erp-dialog')!.slots?.map((slot) => slot.name)).to.deep.equal(['']);
  });

  it('documents the standalone bundle\'s <erp-session>: its summary, the server attribute and property, its event', () => {
    const declaration = declarationOf('erp-session')!;
    expect(declaration.name).to.equal(ErpSession.name);
    expect(declaration.summary?.trim().length ?? 0).to.be.greaterThan(20);
    expect(names(declaration.attributes)).to.deep.equal(ErpSession.observedAttributes);
    const fields = (declaration.members ?? []).filter((member) => member.kind === 'field' && !member.static).map((member) => member.name);
    expect(fields).to.include.members(['server', 'session', 'state']);
    expect(names(declaration.events)).to.deep.equal(['erp-session-change']);
    expect(undocumented(declaration.events)).to.deep.equal([]);
  });
});
