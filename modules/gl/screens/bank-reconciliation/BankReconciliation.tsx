/**
 * Bank reconciliation screen (issue 13 item 1, spec §4 Bank reconciliation, SCREENS.md FS-01), route
 * `/novus-gl/bank-reconciliation` (`@erp/accounting#BankReconciliation`). Contract and balance formula:
 * modules/gl/definitions/bank-reconciliation.ts; rules enforced by the server
 * (modules/gl/server/bank-reconciliation/routes.ts) — this screen only shows them early.
 *
 * - Pick a bank account, a statement date and the statement ending balance; Show items loads the uncleared
 *   entries of its G/L account up to that date.
 * - The list is virtualized (a 10,000-item statement renders only the visible rows) and keyboard-first: it is
 *   one focusable listbox; ↑/↓/Home/End/PageUp/PageDown move, Space toggles cleared, click toggles too.
 * - The cleared total is kept incrementally with exact decimals (no JS number arithmetic for money), so a
 *   toggle costs one addition, not a pass over the list.
 * - Complete is enabled at a zero difference only (the server refuses otherwise, with its localized message).
 * - Bank adjustments post through the server's posting service (source BK) and reload the list, keeping marks.
 * - Undo (latest completed reconciliation only) asks first (ResultStatus 3 question); the report prints as PDF
 *   through the reports framework (`gl-bank-reconciliation`).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ApiError, api, askUser, errorDescription, formatCalendarDate, formatDecimal, displayLocale, saveFile } from '@erp/shared';
import { add, isZero, parseDecimal, parseLocaleDecimal, sub } from '@erp/shared/decimal';
import {
  ADJUSTMENT_KINDS,
  BANK_RECONCILIATION_API,
  reconciliationDifference,
  UNDO_CONFIRMATION,
  type AdjustmentKind,
  type ReconciliationItem,
  type Worksheet,
} from '../../definitions/bank-reconciliation.ts';
import { useTranslation } from '@erp/ui';

interface BankAccountRow {
  BankAccountId: string;
  Name: string;
  GlAccountId: string;
}
interface Answer<T = unknown> {
  ResultStatus: number;
  Message: string | null;
  Data?: T;
}
type Notice = { error: boolean; text: string } | null;

const ROW_HEIGHT = 32;

function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The decimal a user typed, in the shell's language or plain (1234.56); null when it is none. */
function amountOf(text: string): string | null {
  const typed = parseLocaleDecimal(text, displayLocale()) ?? text.trim();
  const parsed = parseDecimal(typed, { precision: 15, scale: 2 });
  return parsed.ok ? parsed.value : null;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? (errorDescription(error.body) ?? error.message) : String(error);
}

export function BankReconciliation() {
  const { t } = useTranslation('gl');
  const id = useId();
  const [banks, setBanks] = useState<BankAccountRow[]>([]);
  const [bankId, setBankId] = useState('');
  const [statementDate, setStatementDate] = useState(today());
  const [statementText, setStatementText] = useState('');
  const [sheet, setSheet] = useState<Worksheet | null>(null);
  // The marks and their exact total change together (one pure update per toggle).
  const [marks, setMarks] = useState<{ cleared: ReadonlySet<number>; total: string }>({ cleared: new Set(), total: '0.00' });
  const { cleared, total: clearedTotal } = marks;
  const [active, setActive] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api
      .get<{ List: BankAccountRow[] }>('data/bank-account', { PageSize: 250, SortFields: 'BankAccountId' })
      .then((answer) => {
        setBanks(answer.List);
        setBankId((current) => current || answer.List[0]?.BankAccountId || '');
      })
      .catch((error: unknown) => setNotice({ error: true, text: messageOf(error) }));
  }, []);

  const load = useCallback(
    async (keep: ReadonlySet<number>) => {
      const answer = await api.get<Answer<Worksheet>>(`${BANK_RECONCILIATION_API}/worksheet`, { BankAccountId: bankId, StatementDate: statementDate }, { quiet: true });
      const data = answer.Data!;
      const present = new Set(data.Items.map((item) => item.EntryId));
      const kept = new Set([...keep].filter((entry) => present.has(entry)));
      let total = '0.00';
      for (const item of data.Items) if (kept.has(item.EntryId)) total = add(total, item.Amount);
      setSheet(data);
      setMarks({ cleared: kept, total });
      setActive((current) => Math.min(current, Math.max(0, data.Items.length - 1)));
    },
    [bankId, statementDate],
  );

  async function guarded(work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setNotice({ error: true, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  const show = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    void guarded(() => load(new Set()));
  };

  const items = sheet?.Items ?? [];
  const toggle = useCallback(
    (item: ReconciliationItem) => {
      setMarks((current) => {
        const next = new Set(current.cleared);
        if (next.has(item.EntryId)) {
          next.delete(item.EntryId);
          return { cleared: next, total: sub(current.total, item.Amount) };
        }
        next.add(item.EntryId);
        return { cleared: next, total: add(current.total, item.Amount) };
      });
    },
    [],
  );
  const markAll = (value: boolean) => {
    if (!sheet) return;
    let total = '0.00';
    if (value) for (const item of sheet.Items) total = add(total, item.Amount);
    setMarks({ cleared: value ? new Set(sheet.Items.map((item) => item.EntryId)) : new Set(), total });
  };

  const statementBalance = amountOf(statementText);
  const difference = useMemo(
    () => (sheet && statementBalance !== null ? reconciliationDifference(statementBalance, sheet.OpeningBalance, clearedTotal) : null),
    [sheet, statementBalance, clearedTotal],
  );

  const complete = () =>
    guarded(async () => {
      if (!sheet) return;
      try {
        const answer = await api.post<Answer>(
          `${BANK_RECONCILIATION_API}/complete`,
          { BankAccountId: sheet.BankAccountId, StatementDate: sheet.StatementDate, StatementBalance: statementBalance ?? statementText, Cleared: [...cleared] },
          { quiet: true },
        );
        setNotice({ error: false, text: answer.Message ?? '' });
        await load(new Set());
      } catch (error) {
        setNotice({ error: true, text: messageOf(error) });
      }
    });

  const undo = (reconciliationId: number) =>
    guarded(async () => {
      const path = `${BANK_RECONCILIATION_API}/${reconciliationId}/undo`;
      const first = await api.post<Answer<{ Question?: { Id: string; Message: string } }>>(path, {}, { quiet: true });
      let final: Answer = first;
      if (first.ResultStatus === 3 && first.Data?.Question?.Id === UNDO_CONFIRMATION) {
        const choice = await askUser({
          heading: t('bank-reconciliation.undo'),
          message: first.Data.Question.Message,
          actions: [
            { id: 'yes', label: t('document.yes'), variant: 'danger' },
            { id: 'no', label: t('document.no') },
          ],
        });
        if (choice !== 'yes') return;
        final = await api.post<Answer>(path, { Confirmations: [UNDO_CONFIRMATION] }, { quiet: true });
      }
      setNotice({ error: false, text: final.Message ?? '' });
      await load(cleared);
    });

  const print = (reconciliationId: number) =>
    guarded(async () => {
      const file = await api.download('reports/gl-bank-reconciliation/pdf', { method: 'POST', body: { Parameters: { ReconciliationId: reconciliationId } } });
      saveFile(file, `bank-reconciliation-${reconciliationId}.pdf`);
    });

  const latestCompleted = sheet?.History.find((row) => row.Status === 'Completed')?.ReconciliationId;

  return (
    <section className="erp-bank-reconciliation" aria-labelledby={`${id}-title`} data-f2-navigation>
      <h2 id={`${id}-title`}>{t('bank-reconciliation.title')}</h2>
      <form onSubmit={show} data-f2-region aria-label={t('bank-reconciliation.title')}>
        <label htmlFor={`${id}-bank`}>{t('bank-reconciliation.bankAccount')}</label>
        <select id={`${id}-bank`} value={bankId} onChange={(event) => setBankId(event.target.value)} required>
          <option value="" disabled>
            {t('bank-reconciliation.chooseBank')}
          </option>
          {banks.map((bank) => (
            <option key={bank.BankAccountId} value={bank.BankAccountId}>
              {`${bank.BankAccountId} — ${bank.Name} (${bank.GlAccountId})`}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-date`}>{t('bank-reconciliation.statementDate')}</label>
        <input id={`${id}-date`} type="date" value={statementDate} required onChange={(event) => setStatementDate(event.target.value)} />
        <label htmlFor={`${id}-balance`}>{t('bank-reconciliation.statementBalance')}</label>
        <input id={`${id}-balance`} inputMode="decimal" value={statementText} onChange={(event) => setStatementText(event.target.value)} aria-invalid={statementText !== '' && statementBalance === null} />
        <button type="submit" disabled={busy || !bankId}>
          {t('bank-reconciliation.load')}
        </button>
      </form>

      {notice && (
        <p className={notice.error ? 'erp-form-message erp-form-error' : 'erp-form-message'} role={notice.error ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}

      {sheet && (
        <>
          <dl className="erp-bank-reconciliation-totals" aria-label={t('bank-reconciliation.difference')} data-f2-region>
            <Figure testId="opening" label={t('bank-reconciliation.openingBalance')} value={sheet.OpeningBalance} />
            <Figure testId="cleared" label={t('bank-reconciliation.clearedTotal')} value={clearedTotal} />
            <Figure testId="statement" label={t('bank-reconciliation.statementBalance')} value={statementBalance} />
            <Figure testId="difference" label={t('bank-reconciliation.difference')} value={difference} />
            <Figure testId="book" label={t('bank-reconciliation.bookBalance')} value={sheet.BookBalance} />
          </dl>
          <div className="erp-bank-reconciliation-actions" data-f2-region>
            <button type="button" onClick={() => markAll(true)} disabled={busy || items.length === 0}>
              {t('bank-reconciliation.clearAll')}
            </button>
            <button type="button" onClick={() => markAll(false)} disabled={busy || cleared.size === 0}>
              {t('bank-reconciliation.unclearAll')}
            </button>
            <button type="button" onClick={() => void complete()} disabled={busy || difference === null || !isZero(difference)}>
              {t('bank-reconciliation.complete')}
            </button>
          </div>
          <h3 id={`${id}-items`}>{t('bank-reconciliation.items')}</h3>
          <p id={`${id}-hint`}>
            {t('bank-reconciliation.itemsCount', { count: items.length, cleared: cleared.size })} {t('bank-reconciliation.hint')}
          </p>
          {items.length === 0 ? (
            <p>{t('bank-reconciliation.noItems')}</p>
          ) : (
            <ItemList
              items={items}
              cleared={cleared}
              active={active}
              setActive={setActive}
              toggle={toggle}
              labelledBy={`${id}-items`}
              describedBy={`${id}-hint`}
              clearedLabel={t('bank-reconciliation.columns.cleared')}
            />
          )}
          <AdjustmentForm sheet={sheet} busy={busy} onPosted={(text) => guarded(async () => { setNotice({ error: false, text }); await load(cleared); })} onError={(text) => setNotice({ error: true, text })} />
          <h3 id={`${id}-history`}>{t('bank-reconciliation.history')}</h3>
          {sheet.History.length === 0 ? (
            <p>{t('bank-reconciliation.historyEmpty')}</p>
          ) : (
            <table aria-labelledby={`${id}-history`} data-f2-region>
              <thead>
                <tr>
                  <th scope="col">{t('bank-reconciliation.statementDate')}</th>
                  <th scope="col">{t('bank-reconciliation.statementBalance')}</th>
                  <th scope="col">{t('bank-reconciliation.clearedTotal')}</th>
                  <th scope="col">{t('bank-reconciliation.report.reconciliation')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {sheet.History.map((row) => (
                  <tr key={row.ReconciliationId} data-reconciliation={row.ReconciliationId}>
                    <td>{formatCalendarDate(row.StatementDate)}</td>
                    <td className="erp-number">{formatDecimal(row.StatementBalance, 2)}</td>
                    <td className="erp-number">{formatDecimal(row.ClearedTotal, 2)}</td>
                    <td>{t(`bank-reconciliation.status.${row.Status}`)}</td>
                    <td>
                      {row.Status === 'Completed' && (
                        <button type="button" onClick={() => void print(row.ReconciliationId)} disabled={busy}>
                          {t('bank-reconciliation.print')}
                        </button>
                      )}
                      {row.ReconciliationId === latestCompleted && (
                        <button type="button" onClick={() => void undo(row.ReconciliationId)} disabled={busy}>
                          {t('bank-reconciliation.undo')}
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}

function Figure(props: { testId: string; label: string; value: string | null }) {
  return (
    <div data-figure={props.testId}>
      <dt>{props.label}</dt>
      <dd className="erp-number">{props.value === null ? '—' : formatDecimal(props.value, 2)}</dd>
    </div>
  );
}

interface ItemListProps {
  items: readonly ReconciliationItem[];
  cleared: ReadonlySet<number>;
  active: number;
  setActive: (index: number) => void;
  toggle: (item: ReconciliationItem) => void;
  labelledBy: string;
  describedBy: string;
  clearedLabel: string;
}

/** The virtualized, keyboard-first list of uncleared items (one tab stop; aria-activedescendant). */
function ItemList(props: ItemListProps) {
  const { items, cleared, active, setActive, toggle } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const optionId = useId();
  const virtualizer = useVirtualizer({ count: items.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  const move = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 320) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      ' ': () => {
        const item = items[active];
        if (item) toggle(item);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div
      ref={scroller}
      className="erp-bank-reconciliation-list"
      role="listbox"
      aria-multiselectable="true"
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-activedescendant={items[active] ? `${optionId}-${items[active]!.EntryId}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-f2-region
      style={{ height: '22rem', overflow: 'auto', position: 'relative' }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          const isCleared = cleared.has(item.EntryId);
          return (
            <div
              key={item.EntryId}
              id={`${optionId}-${item.EntryId}`}
              role="option"
              aria-selected={isCleared}
              data-entry={item.EntryId}
              data-active={row.index === active ? 'true' : undefined}
              className={row.index === active ? 'erp-bank-reconciliation-item erp-active' : 'erp-bank-reconciliation-item'}
              onClick={() => {
                setActive(row.index);
                toggle(item);
              }}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, height: ROW_HEIGHT, transform: `translateY(${row.start}px)`, display: 'flex', gap: '1rem', alignItems: 'center' }}
            >
              <span aria-hidden="true">{isCleared ? '☑' : '☐'}</span>
              <span>{formatCalendarDate(item.EntryDate)}</span>
              <span>{item.DocumentNo}</span>
              <span>{item.Source}</span>
              <span>{item.Description ?? ''}</span>
              <span className="erp-number">{formatDecimal(item.Amount, 2)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function AdjustmentForm(props: { sheet: Worksheet; busy: boolean; onPosted: (message: string) => void; onError: (message: string) => void }) {
  const { t } = useTranslation('gl');
  const id = useId();
  const [kind, setKind] = useState<AdjustmentKind>('charge');
  const [date, setDate] = useState(props.sheet.StatementDate);
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const [description, setDescription] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { BankAccountId: props.sheet.BankAccountId, Date: date, Kind: kind, Amount: amountOf(amount) ?? amount, AccountId: account.trim() };
    if (description.trim()) body['Description'] = description.trim();
    try {
      const answer = await api.post<Answer>(`${BANK_RECONCILIATION_API}/adjustments`, body, { quiet: true });
      setAmount('');
      setDescription('');
      props.onPosted(answer.Message ?? '');
    } catch (error) {
      props.onError(messageOf(error));
    }
  }

  return (
    <form className="erp-bank-reconciliation-adjustment" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`} data-f2-region>
      <h3 id={`${id}-title`}>{t('bank-reconciliation.adjustment.title')}</h3>
      <label htmlFor={`${id}-kind`}>{t('bank-reconciliation.adjustment.kind')}</label>
      <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as AdjustmentKind)}>
        {ADJUSTMENT_KINDS.map((value) => (
          <option key={value} value={value}>
            {t(`bank-reconciliation.kinds.${value}`)}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-date`}>{t('bank-reconciliation.adjustment.date')}</label>
      <input id={`${id}-date`} type="date" value={date} required onChange={(event) => setDate(event.target.value)} />
      <label htmlFor={`${id}-amount`}>{t('bank-reconciliation.adjustment.amount')}</label>
      <input id={`${id}-amount`} inputMode="decimal" value={amount} required onChange={(event) => setAmount(event.target.value)} />
      <label htmlFor={`${id}-account`}>{t('bank-reconciliation.adjustment.account')}</label>
      <input id={`${id}-account`} value={account} required maxLength={20} onChange={(event) => setAccount(event.target.value)} />
      <label htmlFor={`${id}-description`}>{t('bank-reconciliation.adjustment.description')}</label>
      <input id={`${id}-description`} value={description} maxLength={200} onChange={(event) => setDescription(event.target.value)} />
      <button type="submit" disabled={props.busy}>
        {t('bank-reconciliation.adjustment.post')}
      </button>
    </form>
  );
}
