/**
 * Issue 39 item 4: every payroll amount, hours and rate a user types is bounded in its definition (min and max), so the
 * shared validator refuses an out-of-scale value in the form and at the server's save. Read-only and computed figures
 * (a cheque's, a line's amount) are the server's own and carry no bounds. The API refusals: modules/pr/test/bounds.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@erp/shared/entities/define';
import { prModule } from './index.ts';

describe('payroll input bounds', () => {
  it('gives every typed decimal field of every payroll entity a minimum and a maximum', () => {
    const unbounded: string[] = [];
    let checked = 0;
    for (const def of prModule.entities) {
      const computed = new Set(Object.keys(def.computed));
      const check = (path: string, field: FieldDefinition) => {
        if (field.type !== 'decimal' || field.readOnly || computed.has(path)) return;
        checked += 1;
        if (field.min === undefined || field.max === undefined) unbounded.push(`${def.name} ${path}`);
      };
      for (const [name, field] of Object.entries(def.fields)) {
        if (field.type === 'children') for (const [child, sub] of Object.entries(field.fields)) check(`${name}.${child}`, sub);
        else check(name, field);
      }
    }
    expect(unbounded).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(30);
  });
});
