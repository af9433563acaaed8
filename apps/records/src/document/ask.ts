/**
 * The document form's Yes / No questions (DocumentForm): a transition's confirmation, the server's §5
 * questions, deleting the document or a line. `exchange` sends a call and asks each question the server
 * raises (ResultStatus 3, Data.Question), resending it with the question's id in `Confirmations` on Yes.
 */
import { askUser } from '@erp/shared';
import type { CallOutcome } from '../form/record-api.ts';
import type { Tr } from '../form/text.ts';

/** Asks Yes / No; Yes is `variant` (primary to go on, danger to delete). */
export async function askYesNo(tr: Tr, heading: string, message: string, variant: 'primary' | 'danger'): Promise<boolean> {
  const answer = await askUser({
    heading,
    message,
    actions: [
      { id: 'yes', label: tr('records:document.yes', 'Yes'), variant },
      { id: 'no', label: tr('records:document.no', 'No') },
    ],
  });
  return answer === 'yes';
}

interface Question {
  Id: string;
  Message: string;
}

/** Sends a call, asking each §5 question the server raises (under `heading`); answers the final outcome, null on No. */
export async function exchange(
  tr: Tr,
  heading: string,
  send: (confirmations: string[]) => Promise<CallOutcome<Record<string, unknown>>>,
): Promise<CallOutcome<Record<string, unknown>> | null> {
  const confirmations: string[] = [];
  for (;;) {
    const outcome = await send(confirmations);
    const question = (outcome.body?.Data as { Question?: Question } | undefined)?.Question;
    if (outcome.body?.ResultStatus === 3 && question && !confirmations.includes(question.Id)) {
      if (!(await askYesNo(tr, heading, question.Message, 'primary'))) return null;
      confirmations.push(question.Id);
      continue;
    }
    return outcome;
  }
}
