/**
 * The shell module's definitions (modules/shell/definitions): registered into the one entity registry, the §2
 * shell administration and firm-maintenance routes, every lookup resolvable, every label and message key in
 * `modules/shell/locales/<lng>/entities.json` in all four locales.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lookupAt, optionOffered, type AnyEntity, type FieldDefinition } from '@erp/shared/entities/define';
import { allEntities, entitiesForRoute, entityByName, registerModule } from '@erp/shared/entities/index';
import { MESSAGES } from '@erp/shared/entities/messages';
import { arModule } from '@erp/modules/ar/definitions/index';
import { glModule } from '@erp/modules/gl/definitions/index';
import { icModule } from '@erp/modules/ic/definitions/index';
import { oeModule } from '@erp/modules/oe/definitions/index';
import { firm, shellModule } from './index.ts';

/** i18next's plural suffixes (CLDR categories). */
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

const SHELL_ENTITIES = shellModule.entities;

// As the server does: the shell first (every module requires it); the firm's AccountTerms and SalesRep look
// up AR masters (issue 14).
registerModule(shellModule);
registerModule(arModule);
// The firm's discount table is the order desk's (issue 25).
registerModule(oeModule);

const LOCALES = ['en-CA', 'fr-CA', 'zh-CN', 'zh-TW'] as const;

function flatten(prefix: string, value: unknown, into: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(prefix ? `${prefix}.${key}` : key, child, into);
  }
  return into;
}

function locale(lng: string): Map<string, string> {
  const url = new URL(`../locales/${lng}/entities.json`, import.meta.url);
  return flatten('', JSON.parse(readFileSync(url, 'utf8')), new Map());
}

/** Every i18n key a definition uses. */
function keysOf(def: AnyEntity): string[] {
  const keys = [def.labelKey];
  for (const field of Object.values(def.fields)) {
    keys.push(field.labelKey);
    const record = field as unknown as Record<string, unknown>;
    for (const name of ['requiredKey', 'patternKey', 'minKey', 'maxKey', 'invalidKey', 'inactiveKey', 'minItemsKey']) {
      if (typeof record[name] === 'string') keys.push(record[name] as string);
    }
    if ('options' in field && field.options) keys.push(...field.options.map((option) => option.labelKey));
    if (field.type === 'children') keys.push(...Object.values(field.fields).map((child) => child.labelKey!));
  }
  for (const section of def.formLayout.sections) if (section.titleKey) keys.push(section.titleKey);
  for (const action of def.actions) keys.push(action.labelKey, ...(action.confirmKey ? [action.confirmKey] : []));
  return keys;
}

describe('shell module', () => {
  it('has unique names and tables, and finds entities by name and route', () => {
    expect(new Set(SHELL_ENTITIES.map((def) => def.name)).size).toBe(SHELL_ENTITIES.length);
    expect(new Set(SHELL_ENTITIES.map((def) => def.table)).size).toBe(SHELL_ENTITIES.length);
    expect(entityByName('firm')).toBe(firm);
    expect(entityByName('nope')).toBeUndefined();
    expect(entitiesForRoute('/shell/country-state-city').map((def) => def.name)).toEqual(['country', 'state', 'city']);
    expect(entitiesForRoute('/NOVUS-AP/firm-maintenance').map((def) => def.name)).toEqual(['firm']);
  });

  it('covers the §2 shell administration routes and every firm-maintenance route', () => {
    const routes = new Set(SHELL_ENTITIES.flatMap((def) => def.routes));
    for (const name of ['country-state-city', 'sequence-counter', 'code-index', 'configuration', 'company', 'branch', 'warehouse', 'role', 'user', 'user-securables', 'menu-access', 'form-widgets-security']) {
      expect(routes.has(`/shell/${name}`)).toBe(true);
    }
    for (const app of ['novus-ap', 'novus-ar', 'novus-oe', 'novus-po', 'novus-pt', 'novus-wd', 'novus']) {
      expect(routes.has(`/${app}/firm-maintenance`)).toBe(true);
    }
  });

  it('points every lookup at a registered entity and field', () => {
    for (const def of SHELL_ENTITIES) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'lookup' || (field.type === 'set' && field.entity)) {
          const target = entityByName(field.entity!);
          expect(target, `${def.name}.${name}`).toBeDefined();
          if (field.type === 'lookup' && field.targetField) expect(target!.fields[field.targetField]).toBeDefined();
        }
      }
    }
  });

  it('lets the server answer every lookup of every screen: targets registered once every module is, values are keys or their targetField', () => {
    // The browser's generic lookups ask GET /api/lookup/<target> (the server registers every module, the
    // page only those it loaded) and take each suggestion's Value as what the field stores: the target's key,
    // or the stored field its `targetField` names (the route answers that field then).
    for (const module of [glModule, arModule, icModule, oeModule]) registerModule(module);
    const checked: string[] = [];
    const check = (owner: string, fields: Readonly<Record<string, { type: string; entity?: string; targetField?: string }>>) => {
      for (const [name, field] of Object.entries(fields)) {
        if (field.type === 'lookup' || (field.type === 'set' && field.entity)) {
          expect(entityByName(field.entity!), `${owner}.${name} → ${field.entity}`).toBeDefined();
          const target = entityByName(field.entity!);
          if (field.targetField) expect(['text', 'integer'], `${owner}.${name} → ${field.entity}.${field.targetField}`).toContain(target?.fields[field.targetField]?.type);
          checked.push(`${owner}.${name}`);
        }
        const children = field as { fields?: typeof fields; lineChildren?: Record<string, { fields: typeof fields }> };
        if (field.type === 'children' && children.fields) {
          check(`${owner}.${name}`, children.fields);
          for (const [line, nested] of Object.entries(children.lineChildren ?? {})) check(`${owner}.${name}.${line}`, nested.fields);
        }
      }
    };
    for (const def of allEntities()) check(def.name, def.fields);
    expect(checked).toEqual(expect.arrayContaining(['firm.AccountTerms', 'firm.SalesRep', 'ar-invoice.Lines.AccountId']));
  });

  it("finds every lookup by its path, and holds each lookup's where to stored fields of its target (issue 21 item 5)", () => {
    for (const module of [glModule, arModule, icModule, oeModule]) registerModule(module);
    const kinds: Record<string, string> = { boolean: 'boolean', integer: 'number', text: 'string', enum: 'string', lookup: 'string' };
    let filtered = 0;
    const check = (def: AnyEntity, prefix: string, fields: Readonly<Record<string, FieldDefinition>>) => {
      for (const [name, field] of Object.entries(fields)) {
        if (field.type === 'children') {
          check(def, `${prefix}${name}.`, field.fields);
          for (const [line, nested] of Object.entries((field as { lineChildren?: Record<string, { fields: Readonly<Record<string, FieldDefinition>> }> }).lineChildren ?? {})) {
            check(def, `${prefix}${name}.${line}.`, nested.fields);
          }
        }
        if (field.type !== 'lookup' && !(field.type === 'set' && field.entity)) continue;
        const found = lookupAt(def, `${prefix}${name}`);
        expect(found?.entity, `${def.name}.${prefix}${name}`).toBe(field.entity);
        if (field.type !== 'lookup' || !field.where) continue;
        const target = entityByName(field.entity)!;
        for (const [targetName, value] of Object.entries(field.where)) {
          const targetField = target.fields[targetName];
          const where = `${def.name}.${prefix}${name} where ${targetName}`;
          // A set stored as flag columns: the value names one of its options (`{ FirmTypes: 'vendor' }`).
          if (targetField?.type === 'set' && targetField.storage.kind === 'flags') {
            expect(Object.keys(targetField.storage.columns), where).toContain(value);
            continue;
          }
          // One value, or a list of values any of which is accepted.
          for (const one of Array.isArray(value) ? value : [value]) expect(targetField && !targetField.virtual ? kinds[targetField.type] : undefined, where).toBe(typeof one);
        }
        filtered += 1;
      }
    };
    for (const def of allEntities()) check(def, '', def.fields);
    expect(filtered).toBeGreaterThan(0);
    expect(lookupAt(entityByName('gl-journal-entry')!, 'Lines.AccountId')?.where).toEqual({ IsPostable: true, IsControl: false });
    expect(lookupAt(entityByName('gl-journal-entry')!, 'Lines')).toBeNull();
    expect(lookupAt(entityByName('gl-journal-entry')!, 'Lines.AccountId.X')).toBeNull();
    expect(lookupAt(entityByName('gl-journal-entry')!, 'toString')).toBeNull();
  });

  it("offers an option only under the values its when names, each an option of a field of the same entity (issue 21 item 5)", () => {
    for (const module of [glModule, arModule, icModule, oeModule]) registerModule(module);
    for (const def of allEntities()) {
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type !== 'enum') continue;
        for (const option of field.options) {
          for (const [other, values] of Object.entries(option.when ?? {})) {
            const known = def.fields[other];
            expect(known?.type, `${def.name}.${name} ${option.value} when ${other}`).toBe('enum');
            const allowed = known?.type === 'enum' ? known.options.map((o) => o.value) : [];
            for (const value of values) expect(allowed, `${def.name}.${name} ${option.value} when ${other}`).toContain(value);
          }
        }
      }
    }
    const subType = entityByName('inventory-ticket')!.fields['SubType']!;
    const offered = (type: string) => (subType.type === 'enum' ? subType.options.filter((option) => optionOffered(option, { TicketType: type })).map((option) => option.value) : []);
    expect(offered('Receipt')).toEqual(['Purchase', 'Return', 'Found', 'Opening']);
    expect(offered('Adjustment')).toEqual(['Count', 'Correction']);
    expect(offered('')).toEqual([]);
  });

  it('has every key of every definition in all four locales, with the same key set', () => {
    const en = locale('en-CA');
    // The keys of the shell's own namespace: the fields modules add (issue 41) are in theirs (firm.test.ts).
    const missing = SHELL_ENTITIES.flatMap(keysOf)
      .filter((key) => !key.includes(':') || key.startsWith('entities:'))
      .map((key) => key.replace(/^entities:/, ''))
      .filter((key) => !en.has(key));
    expect(missing).toEqual([]);
    // Plural forms follow each language's rules (i18next: fr-CA has `_many`, zh only `_other`): compared by base key.
    const bases = (keys: Iterable<string>) => [...new Set([...keys].map((key) => key.replace(PLURAL_FORM, '')))].sort();
    for (const lng of LOCALES.slice(1)) expect(bases(locale(lng).keys())).toEqual(bases(en.keys()));
  });

  it('has every key its definitions and widgets name in the text, in all four locales', () => {
    const folders = [new URL('./', import.meta.url), new URL('../screens/', import.meta.url)];
    const named = new Set<string>();
    for (const folder of folders) {
      for (const file of readdirSync(folder).filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts'))) {
        for (const match of readFileSync(new URL(file, folder), 'utf8').matchAll(/'entities:([\w.-]+)'/g)) named.add(match[1]!);
      }
    }
    expect(named).toContain('company.logo.upload');
    expect(named).toContain('firm.lookup.title');
    for (const lng of LOCALES) {
      const strings = locale(lng);
      expect([...named].filter((key) => !strings.has(key)), lng).toEqual([]);
    }
  });

  it('keeps the English catalogue equal to en-CA', () => {
    const en = locale('en-CA');
    for (const [key, text] of Object.entries(MESSAGES)) expect(en.get(key.replace(/^entities:/, '')), key).toBe(text);
  });

  it('keeps the placeholders of every message in every locale', () => {
    const en = locale('en-CA');
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lng of LOCALES.slice(1)) {
      const other = locale(lng);
      for (const [key, text] of en) {
        // A plural form's placeholders: the language's own `_other` form when it has not this one (zh has one form).
        const own = other.get(key) ?? (PLURAL_FORM.test(key) ? other.get(key.replace(PLURAL_FORM, '_other')) : undefined);
        expect(placeholders(own ?? ''), `${lng} ${key}`).toEqual(placeholders(text));
      }
    }
  });
});

