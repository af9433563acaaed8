/**
 * Issue 40 item 8, one pattern per kind of step: every irreversible action asks the same confirmation and a
 * reversible one asks nothing. Irreversibility is declared on the transition (`irreversible`), never guessed
 * from its name; this test holds the declarations to the state machines of every module's documents:
 * - an action after which no transition leads back to a state it starts from is declared irreversible;
 * - only irreversible actions carry a question (`confirmKey`; defineEntity refuses the others);
 * - the form asks exactly the irreversible ones (`confirmationOf`), with the action's own text or the
 *   generic one;
 * - a new, unsaved document offers no action that voids it (`voids`: cancel, lose), it offers Discard.
 */
import { describe, expect, it } from 'vitest';
import { defineEntity, type AnyEntity, type StateMachine } from '@erp/shared/entities/define';
import { apModule } from '@erp/modules/ap/definitions/index';
import { arModule } from '@erp/modules/ar/definitions/index';
import { glModule } from '@erp/modules/gl/definitions/index';
import { icModule } from '@erp/modules/ic/definitions/index';
import { oeModule } from '@erp/modules/oe/definitions/index';
import { poModule } from '@erp/modules/po/definitions/index';
import { prModule } from '@erp/modules/pr/definitions/index';
import { shellModule } from '@erp/modules/shell/definitions/index';
import { soModule } from '@erp/modules/so/definitions/index';
import { teModule } from '@erp/modules/te/definitions/index';
import { wdModule } from '@erp/modules/wd/definitions/index';
import { allowedActions, confirmationOf } from './document-state.ts';

const MODULES = [shellModule, glModule, arModule, apModule, icModule, oeModule, poModule, prModule, soModule, teModule, wdModule];
const DOCUMENTS: AnyEntity[] = MODULES.flatMap((module) => module.entities).filter((entity) => entity.states !== null);

/**
 * The states reachable from `start` through the machine's transitions. A transition without a `to` state is
 * decided by the server (an A/R invoice's post ends Posted or Exception): it may lead to any state.
 */
function reachable(machine: StateMachine, states: readonly string[], start: string): Set<string> {
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const transition of machine.transitions) {
      if (!transition.from.includes(state)) continue;
      for (const next of transition.to === null ? states : [transition.to]) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('irreversible actions (issue 40 item 8)', () => {
  it('finds the documents of every module', () => {
    expect(DOCUMENTS.length).toBeGreaterThan(20);
  });

  for (const entity of DOCUMENTS) {
    it(`${entity.name}: an action with no way back is declared irreversible`, () => {
      const machine = entity.states!;
      const states = (entity.fields[machine.field] as { options: readonly { value: string }[] }).options.map((option) => option.value);
      for (const transition of machine.transitions) {
        if (transition.irreversible || transition.to === null) continue;
        const back = transition.from.some((state) => reachable(machine, states, transition.to!).has(state));
        expect(back, `${entity.name}.${transition.action} (${transition.from.join('|')} → ${transition.to}) cannot be undone: declare it irreversible`).toBe(true);
      }
    });

    it(`${entity.name}: the form asks exactly the irreversible actions`, () => {
      for (const transition of entity.states!.transitions) {
        const asked = confirmationOf(transition);
        if (!transition.irreversible) expect(asked, `${entity.name}.${transition.action}`).toBeNull();
        else expect(asked, `${entity.name}.${transition.action}`).toBe(transition.confirmKey ?? 'records:document.confirmIrreversible');
      }
    });
  }

  for (const entity of DOCUMENTS) {
    it(`${entity.name}: a new document offers no action that voids it (it offers Discard)`, () => {
      const offered = allowedActions(entity, null, null);
      expect(offered.filter((transition) => transition.voids).map((transition) => transition.action)).toEqual([]);
      for (const transition of entity.states!.transitions) if (transition.voids) expect(transition.irreversible, `${entity.name}.${transition.action}`).toBe(true);
    });
  }

  it('refuses a question on a reversible action', () => {
    expect(() =>
      defineEntity({
        name: 'reversible-probe',
        table: 'reversible_probe',
        key: 'Id',
        keyKind: 'auto',
        application: 'SHELL',
        fields: { Id: { type: 'integer' }, State: { type: 'enum', options: [{ value: 'Open', labelKey: 'x' }, { value: 'OnHold', labelKey: 'y' }] } },
        listColumns: ['Id'],
        defaultSort: [{ field: 'Id', descending: false }],
        formLayout: { sections: [{ rows: [['State']] }] },
        roles: { read: '*', write: '*' },
        states: {
          field: 'State',
          initial: 'Open',
          editable: ['Open'],
          deletable: ['Open'],
          transitions: [
            { action: 'hold', labelKey: 'h', from: ['Open'], to: 'OnHold', confirmKey: 'q' },
            { action: 'release', labelKey: 'r', from: ['OnHold'], to: 'Open' },
          ],
        },
      } as never),
    ).toThrow(/reversible action asks nothing/);
  });
});
