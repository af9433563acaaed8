/**
 * "New fiscal year" above the accounting periods' list (issue 12, SCREENS.md WP1 acceptance 2): the fiscal
 * year (greater than 1000 and less than 9999, §5) and its first day; Create calls
 * POST /api/data/accounting-period/fiscal-years, which creates the 12 contiguous periods in one transaction.
 * The server's message (created, or why not, in the user's language) shows beside the form.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError, api, errorDescription, translate } from '@erp/shared';
import type { DocumentToolsProps } from '@erp/records';

interface Answer {
  Message: string | null;
}

export function FiscalYearTool(props: DocumentToolsProps) {
  const id = useId();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [start, setStart] = useState('');
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  if (!props.access.CanWrite) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = /^\d{1,4}$/.test(year.trim()) ? Number(year.trim()) : Number.NaN;
    const body: Record<string, unknown> = { FiscalYear: Number.isFinite(number) ? number : year };
    if (start) body['StartDate'] = start;
    try {
      const answer = await api.post<Answer>('data/accounting-period/fiscal-years', body, { quiet: true });
      setMessage({ error: false, text: answer.Message ?? '' });
      props.reload();
    } catch (error) {
      const text = error instanceof ApiError ? (errorDescription(error.body) ?? error.message) : String(error);
      setMessage({ error: true, text });
    }
  }

  return (
    <form className="erp-fiscal-year" onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{translate('gl:accounting-period.createYear.title', 'Create a fiscal year with 12 periods')}</h3>
      <label htmlFor={`${id}-year`}>{translate('gl:accounting-period.createYear.year', 'Fiscal year')}</label>
      <input id={`${id}-year`} inputMode="numeric" value={year} onChange={(event) => setYear(event.target.value)} />
      <label htmlFor={`${id}-start`}>{translate('gl:accounting-period.createYear.start', 'First day')}</label>
      <input id={`${id}-start`} type="date" value={start} onChange={(event) => setStart(event.target.value)} />
      <button type="submit">{translate('gl:accounting-period.createYear.submit', 'Create')}</button>
      {message && (
        <p className={message.error ? 'erp-form-message erp-form-error' : 'erp-form-message'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
