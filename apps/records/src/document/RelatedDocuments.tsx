/**
 * How a document flows into the next (issue 40 item 4; Odoo's smart buttons, ERPNext's "Create" and
 * Connections), for every document screen: one call, GET /api/data/:entity/:id/related
 * (server/src/documents-flow/related.ts), answers
 * - `Makes`: the documents the user may make from this one (definition `makes`: a purchase order's Receive, a
 *   posted receipt's Enter vendor invoice) — buttons with their keys (the button's tooltip says which); a make
 *   the server creates at once is created and opened, the others open a new record with its values;
 * - `List`: the related documents both ways (definition `related`: the order of a receipt, the receipts of an
 *   order), by their business numbers; each opens on its own screen as a tab (`openDocument`, related-open.ts).
 * Mounted once by DocumentForm under its header; asked again whenever the record's version changes.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AnyEntity } from '@erp/shared/entities/define';
import { useTranslation } from '@erp/ui';
import { call, recordPath } from '../form/record-api.ts';
import type { Tr } from '../form/text.ts';
import { ariaShortcut, matchesHotkey } from '../list/keyboard.ts';
import { openDocument } from './related-open.ts';
import { RecordLink } from './RecordLink.tsx';
import { todayIso } from './use-document.ts';

interface RelatedItem {
  Id: string;
  Number: string;
  State: string | null;
}

interface RelatedGroup {
  Entity: string;
  LabelKey: string;
  Screen: string | null;
  Direction: 'up' | 'down';
  Items: RelatedItem[];
}

interface OfferedMake {
  Id: string;
  Entity: string;
  LabelKey: string;
  Screen: string | null;
  Create: boolean;
  Values: Record<string, unknown>;
  Hotkey: string | null;
}

interface FlowAnswer {
  List: RelatedGroup[];
  Makes: OfferedMake[];
}

const namespaceOf = (key: string) => (key.includes(':') ? key.slice(0, key.indexOf(':')) : 'records');

/** One group of related documents: its entity's title (its module's strings loaded) and the numbers as links. */
function Group(props: { group: RelatedGroup; tr: Tr }) {
  const { group, tr } = props;
  useTranslation(namespaceOf(group.LabelKey));
  const title = tr(group.LabelKey, group.Entity);
  return (
    <li className="erp-document-related-group" data-related-entity={group.Entity} data-direction={group.Direction}>
      <span className="erp-document-related-title">{title}</span>
      {group.Items.map((item) => (
        // Issue 71: a real link to the record's address (RecordLink: Ctrl+click, middle-click a new tab).
        group.Screen ? (
          <RecordLink key={item.Id} screen={group.Screen} recordId={item.Id} data={{ 'data-related-number': item.Number }}>
            {item.Number}
          </RecordLink>
        ) : (
          <button key={item.Id} type="button" className="erp-link" data-related-number={item.Number} disabled>
            {item.Number}
          </button>
        )
      ))}
    </li>
  );
}

/** A make's button: its label from its module's strings. */
function MakeButton(props: { make: OfferedMake; tr: Tr; busy: boolean; onMake(make: OfferedMake): void }) {
  const { make, tr } = props;
  useTranslation(namespaceOf(make.LabelKey));
  const label = tr(make.LabelKey, make.Id);
  return (
    <button
      type="button"
      data-make={make.Id}
      disabled={props.busy}
      aria-keyshortcuts={ariaShortcut(make.Hotkey ?? undefined)}
      title={make.Hotkey ? `${label} (${make.Hotkey})` : label}
      onClick={() => props.onMake(make)}
    >
      {label}
    </button>
  );
}

export function RelatedDocuments(props: { entity: AnyEntity; record: Record<string, unknown> | null; tr: Tr }) {
  const { entity, record, tr } = props;
  const [answer, setAnswer] = useState<FlowAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const id = record ? String(record[entity.key] ?? '') : '';
  const version = record ? String(record['Version'] ?? '') : '';

  useEffect(() => {
    if (id === '') {
      setAnswer(null);
      return;
    }
    let live = true;
    void call<FlowAnswer>('GET', `${recordPath(entity.name, id)}/related`).then((outcome) => {
      if (live && outcome.status === 200 && outcome.body) setAnswer({ List: (outcome.body as unknown as FlowAnswer).List ?? [], Makes: (outcome.body as unknown as FlowAnswer).Makes ?? [] });
    });
    return () => {
      live = false;
    };
  }, [entity.name, id, version]);

  async function make(offer: OfferedMake) {
    if (!offer.Screen || busy) return;
    const today = todayIso();
    const values = Object.fromEntries(Object.entries(offer.Values).map(([field, value]) => [field, value === '$today' ? today : value]));
    setFailure(null);
    if (!offer.Create) {
      openDocument(offer.Screen, { recordId: null, values });
      return;
    }
    setBusy(true);
    try {
      const outcome = await call<unknown>('POST', `data/${encodeURIComponent(offer.Entity)}`, values);
      // A success is any 2xx the client sees (it cannot tell 201 from 200) with the made record's key.
      const made = outcome.body?.EntityId;
      if (outcome.status >= 200 && outcome.status < 300 && outcome.body?.ResultStatus === 1 && made !== undefined && made !== null) openDocument(offer.Screen, { recordId: String(made) });
      else setFailure(outcome.message ?? tr('records:document.madeFailed', 'The document could not be made.'));
    } finally {
      setBusy(false);
    }
  }

  // A make's key works anywhere in the document (the keyboard contract: "the other keys a button shows"), from the
  // moment its button is in the page: attached in the commit that shows the button (a passive effect runs after the
  // paint, and a key pressed as the button appeared did nothing).
  useLayoutEffect(() => {
    const form = root.current?.closest<HTMLElement>('.erp-document');
    const offers = answer?.Makes.filter((offer) => offer.Hotkey) ?? [];
    if (!form || offers.length === 0) return;
    const onKey = (event: KeyboardEvent) => {
      const offer = offers.find((candidate) => matchesHotkey(candidate.Hotkey!, event));
      if (!offer) return;
      event.preventDefault();
      event.stopPropagation();
      void make(offer);
    };
    form.addEventListener('keydown', onKey);
    return () => form.removeEventListener('keydown', onKey);
  });

  const groups = answer?.List ?? [];
  const makes = answer?.Makes ?? [];
  return (
    <div className="erp-document-flow" ref={root} hidden={groups.length === 0 && makes.length === 0 && !failure}>
      {makes.length > 0 && (
        <div className="erp-form-toolbar erp-document-makes" role="group" aria-label={tr('records:document.makes', 'Next steps')}>
          {makes.map((offer) => (
            <MakeButton key={offer.Id} make={offer} tr={tr} busy={busy} onMake={(chosen) => void make(chosen)} />
          ))}
        </div>
      )}
      {failure && (
        <p className="records-notice records-notice--error" role="alert">
          {failure}
        </p>
      )}
      {groups.length > 0 && (
        <nav className="erp-document-related" aria-label={tr('records:document.related', 'Related documents')}>
          <ul>
            {groups.map((group) => (
              <Group key={`${group.Direction}:${group.Entity}`} group={group} tr={tr} />
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
