/**
 * `@erp/shell-admin#ChangePassword` — route /shell/change-password (§1 user menu "Change Password", §2 shell
 * routes). Contracts with the server are in password.ts. The shell shows it as a tab on the route and, from
 * the user menu, inside its own dialog; there (`meta.presentation === 'dialog'`, or an enclosing dialog
 * element) the screen leaves the heading to the dialog.
 *
 * - Embedded provider: a form with the current password, the new one and its confirmation
 *   (`autocomplete` current-password / new-password, visible labels), the provider's rules from
 *   GET api/shell/password-policy listed under the new password (each marked done as the user types),
 *   and the same checks in the browser as on the server, with the same messages.
 * - External provider (`ShellConfig.accountUrl` set, `embeddedProvider` false, or a 409
 *   external_provider answer): no form, a link to the provider's account page instead.
 *
 * Controls (issue 16): the fields are Shoelace's `<sl-input>` and the submit button `<sl-button>`, loaded
 * through the shell's `loadShoelace` (one copy through the import map, themed from the product's tokens)
 * before the form first renders. A field's problems and (new password) the provider's rules are in the
 * input's `help-text` slot, which Shoelace ties to its inner `<input>` with `aria-describedby` — an id in
 * the light DOM could not reach into the input's shadow root.
 *
 * Outcomes: field problems are shown under their field (`aria-invalid` on the input, its help text), with a
 * summary (`role="alert"`) above the form; problems of no single field are in that summary; success is a
 * `role="status"` message. Enter submits (a real form); after a refused submit the focus moves to the
 * first field with a problem (to the summary when no field has one); a wrong current password is also
 * selected, so typing replaces it.
 *
 * Nothing typed is lost on any error: all three fields keep their values (the user corrects one instead
 * of retyping three). Only a successful change clears them — they then hold a password that is in use.
 *
 * Close guard (`useCloseGuard` of @erp/ui): while any field holds text, closing the tab asks in the shell's
 * dialog (`askUser` of @erp/shared: Stay / Discard, Stay the default and Escape's answer) whether to discard it.
 * API calls are `quiet`: this screen shows its own messages instead of the shell's generic §8 alert.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { ApiError, api, askUser, bus, translate } from '@erp/shared';
import { useBusValue, useCloseGuard, useScreen, useTranslation, type Translate } from '@erp/ui';
import { useShellConfig } from '@erp/ui';
import { loadShoelace } from '@erp/shell-elements';
import {
  EMPTY_FORM,
  FIELDS,
  activeRules,
  brokenRules,
  checkForm,
  failureOutcome,
  firstProblemField,
  minutesToWait,
  readPolicy,
  safeLink,
  type Field,
  type FieldProblem,
  type FormValues,
  type PasswordPolicy,
  type PasswordRule,
  type Problems,
  type SummaryProblem,
} from './password.ts';
import { ensureStylesheet } from './stylesheet.ts';

ensureStylesheet();

/** `<sl-input>` as this screen uses it (typed here: Shoelace loads on first use, never at boot). */
type SlInput = HTMLElement & {
  value: string;
  select(): void;
  updateComplete: Promise<boolean>;
};

type ShoelaceProps = {
  ref?: RefObject<SlInput | null> | ((element: SlInput | null) => void);
  id?: string;
  class?: string;
  className?: string;
  children?: ReactNode;
  [attribute: string]: unknown;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sl-input': ShoelaceProps;
      'sl-button': ShoelaceProps;
    }
  }
}

const SCREEN = 'change-password';
const NS = 'admin';

/**
 * True when the screen is shown inside a dialog (the shell's user menu opens it in `<erp-dialog>`, whose
 * own heading names it): the screen then leaves out its page heading. Told by the host with
 * `meta.presentation === 'dialog'`, or found from the DOM (an enclosing dialog element).
 */
const InDialog = createContext(false);

function ScreenTitle({ children }: { children: string }) {
  const inDialog = useContext(InDialog);
  if (inDialog) return null;
  return <h1 className="erp-ui-page__title">{children}</h1>;
}

export function ChangePasswordScreen() {
  const { meta } = useScreen();
  const rootRef = useRef<HTMLDivElement>(null);
  const [inDialog, setInDialog] = useState(meta.presentation === 'dialog');
  useLayoutEffect(() => {
    if (!inDialog && rootRef.current?.closest('erp-dialog, dialog, [role="dialog"]')) setInDialog(true);
  }, [inDialog]);
  return (
    <div ref={rootRef} className="erp-admin-screen" data-presentation={inDialog ? 'dialog' : 'page'}>
      <InDialog.Provider value={inDialog}>
        <ChangePasswordContent />
      </InDialog.Provider>
    </div>
  );
}

/** The screen with only a status line in place of the form (loading, signed out). */
function StatusPage({ mode, title, note }: { mode: string; title: string; note: string }) {
  return (
    <section className="erp-ui-page" data-screen={SCREEN} data-mode={mode}>
      <ScreenTitle>{title}</ScreenTitle>
      <p className="erp-ui-note" role="status">
        {note}
      </p>
    </section>
  );
}

function ChangePasswordContent() {
  const { t } = useTranslation(NS);
  const config = useShellConfig();
  const session = useBusValue(bus.session$);
  // A 409 external_provider answer: the server says passwords are changed elsewhere.
  const [externalAnswer, setExternalAnswer] = useState<{ accountUrl: string | null } | null>(null);
  const title = t('changePassword.title');

  if (config.status === 'loading') {
    return <StatusPage mode="loading" title={title} note={t('changePassword.loading')} />;
  }
  // Without the configuration the form is still offered: the server answers 409 if it cannot change passwords.
  const shellConfig = config.status === 'ready' ? config.config : null;
  const configuredExternal = !!shellConfig && (!!shellConfig.accountUrl || shellConfig.embeddedProvider === false);
  if (externalAnswer || configuredExternal) {
    const accountUrl = externalAnswer?.accountUrl ?? safeLink(shellConfig?.accountUrl);
    return <ExternalProvider title={title} accountUrl={accountUrl} t={t} />;
  }
  if (!session) {
    return <StatusPage mode="signed-out" title={title} note={t('changePassword.signedOut')} />;
  }
  return (
    <ChangePasswordForm
      title={title}
      userId={session.profile.shellSub.subjectId}
      displayName={session.profile.shellSub.displayName}
      expired={session.expired}
      onExternal={setExternalAnswer}
    />
  );
}

function ExternalProvider({ title, accountUrl, t }: { title: string; accountUrl: string | null; t: Translate }) {
  return (
    <section className="erp-ui-page" data-screen={SCREEN} data-mode="external">
      <ScreenTitle>{title}</ScreenTitle>
      <p>{t('changePassword.external.managed')}</p>
      <p>
        {accountUrl ? (
          <a className="erp-admin-link" href={accountUrl} target="_blank" rel="noopener noreferrer">
            {t('changePassword.external.link')}
          </a>
        ) : (
          t('changePassword.external.noLink')
        )}
      </p>
    </section>
  );
}

type PolicyState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; policy: PasswordPolicy };

function usePasswordPolicy(): PolicyState {
  const [state, setState] = useState<PolicyState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    api.get<unknown>('shell/password-policy', undefined, { quiet: true }).then(
      (answer) => {
        if (!live) return;
        const policy = readPolicy(answer);
        setState(policy ? { status: 'ready', policy } : { status: 'failed' });
      },
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}

/** Where the focus goes after a submit; `seq` makes each request a new one. */
type FocusRequest = { target: Field | 'summary' | 'success'; select: boolean; seq: number };

type Phase = 'editing' | 'submitting' | 'changed';

interface FormProps {
  title: string;
  userId: string;
  displayName: string;
  expired: boolean;
  onExternal(answer: { accountUrl: string | null }): void;
}

function ChangePasswordForm({ title, userId, displayName, expired, onExternal }: FormProps) {
  const { t } = useTranslation(NS);
  const policyState = usePasswordPolicy();
  const policy = policyState.status === 'ready' ? policyState.policy : null;
  const [values, setValues] = useState<FormValues>(EMPTY_FORM);
  const [problems, setProblems] = useState<Problems>({});
  const [summary, setSummary] = useState<SummaryProblem | null>(null);
  const [phase, setPhase] = useState<Phase>('editing');
  const [showPasswords, setShowPasswords] = useState(false);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const baseId = useId();
  const ids = {
    summary: `${baseId}-summary`,
    rules: `${baseId}-rules`,
    field: (field: Field) => `${baseId}-${field}`,
    problem: (field: Field) => `${baseId}-${field}-problem`,
  };
  const inputs: Record<Field, RefObject<SlInput | null>> = {
    currentPassword: useRef<SlInput>(null),
    newPassword: useRef<SlInput>(null),
    confirmPassword: useRef<SlInput>(null),
  };
  // The form shows once its Shoelace controls are defined (focus and values need the real elements).
  const [controlsReady, setControlsReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadShoelace('input', 'button').then(() => {
      if (live) setControlsReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  const summaryRef = useRef<HTMLDivElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // Focus after a submit (the elements exist only after the render that shows the problems).
  useEffect(() => {
    if (!focusRequest) return;
    const { target, select } = focusRequest;
    const element =
      target === 'summary' ? summaryRef.current : target === 'success' ? successRef.current : inputs[target].current;
    element?.focus();
    if (select && element && 'select' in element) element.select();
    // The refs are stable: only a new request moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const requestFocus = (target: FocusRequest['target'], select = false) =>
    setFocusRequest((previous) => ({ target, select, seq: (previous?.seq ?? 0) + 1 }));

  // ----- close guard: ask (in the shell's dialog) before discarding typed text
  const dirty = FIELDS.some((field) => values[field] !== '');
  const askDiscard = useCallback(async () => {
    const answer = await askUser({
      heading: t('changePassword.discard.title'),
      message: t('changePassword.discard.message'),
      // The safe answer first: it is the dialog's default; Escape answers 'cancel' (stay too).
      actions: [
        { id: 'stay', label: t('changePassword.discard.cancel'), variant: 'primary' },
        { id: 'discard', label: t('changePassword.discard.confirm'), variant: 'danger' },
      ],
    });
    return answer === 'discard';
  }, [t]);
  useCloseGuard(dirty && askDiscard);

  // ----- editing
  function onChange(field: Field) {
    return (value: string) => {
      setValues((previous) => ({ ...previous, [field]: value }));
      // A problem disappears once its field is edited; a mismatch belongs to both new and confirmation.
      setProblems((previous) => {
        if (!previous[field] && !(field === 'newPassword' && previous.confirmPassword?.code === 'password_mismatch')) {
          return previous;
        }
        const next = { ...previous };
        delete next[field];
        if (field === 'newPassword' && next.confirmPassword?.code === 'password_mismatch') delete next.confirmPassword;
        return next;
      });
      if (phase === 'changed') setPhase('editing');
    };
  }

  // ----- submitting
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'submitting') return;
    if (expired) {
      setProblems({});
      setSummary({ code: 'expired' });
      requestFocus('summary');
      return;
    }
    const found = checkForm(values, policy, userId);
    const first = firstProblemField(found);
    if (first) {
      setProblems(found);
      setSummary(null);
      setPhase('editing');
      requestFocus(first);
      return;
    }
    setProblems({});
    setSummary(null);
    setPhase('submitting');
    try {
      await api.post('shell/change-password', { ...values }, { quiet: true });
      if (!live.current) return;
      setValues(EMPTY_FORM);
      setPhase('changed');
      requestFocus('success');
    } catch (error) {
      if (!live.current) return;
      setPhase('editing');
      const outcome =
        error instanceof ApiError ? failureOutcome(error.status, error.body) : failureOutcome(0, null);
      switch (outcome.kind) {
        case 'field':
          setProblems({ [outcome.field]: outcome.problem });
          requestFocus(outcome.field, outcome.problem.code === 'current_password_invalid');
          break;
        case 'summary':
          setSummary(outcome.problem);
          requestFocus('summary');
          break;
        case 'external':
          onExternal({ accountUrl: outcome.accountUrl });
          break;
      }
    }
  }

  const hasFieldProblems = firstProblemField(problems) !== null;
  const summaryText = summary ? summaryMessage(summary, t) : hasFieldProblems ? t('changePassword.errors.summary') : null;
  const fieldLabels: Record<Field, string> = {
    currentPassword: t('changePassword.fields.currentPassword'),
    newPassword: t('changePassword.fields.newPassword'),
    confirmPassword: t('changePassword.fields.confirmPassword'),
  };
  const autoComplete: Record<Field, string> = {
    currentPassword: 'current-password',
    newPassword: 'new-password',
    confirmPassword: 'new-password',
  };

  return (
    <section className="erp-ui-page erp-admin-page" data-screen={SCREEN} data-mode="form" aria-label={title}>
      <ScreenTitle>{title}</ScreenTitle>
      <p className="erp-ui-note">{t('changePassword.intro', { name: displayName })}</p>

      {expired && (
        <p className="erp-admin-banner" role="alert">
          {translate('errors:session.expired', 'Your session has expired. Please log out and log in again.')}
        </p>
      )}

      <div ref={summaryRef} id={ids.summary} className="erp-admin-summary" role="alert" tabIndex={-1} hidden={!summaryText}>
        {summaryText}
      </div>

      {phase === 'changed' && (
        <p ref={successRef} className="erp-admin-success" role="status" tabIndex={-1}>
          {t('changePassword.success')}
        </p>
      )}

      {controlsReady && (
      <form className="erp-admin-form" noValidate onSubmit={onSubmit} aria-describedby={summaryText ? ids.summary : undefined}>
        {/* For password managers: the account whose password changes. */}
        <input type="text" name="username" autoComplete="username" value={userId} readOnly hidden />
        {FIELDS.map((field) => (
          <PasswordField
            key={field}
            id={ids.field(field)}
            problemId={ids.problem(field)}
            label={fieldLabels[field]}
            autoComplete={autoComplete[field]}
            value={values[field]}
            visible={showPasswords}
            inputRef={inputs[field]}
            onChange={onChange(field)}
            problem={problems[field] ? problemMessages(field, problems[field]!, policy, t) : null}
            hintId={field === 'newPassword' ? ids.rules : null}
          >
            {field === 'newPassword' && (
              <PolicyRules
                id={ids.rules}
                state={policyState}
                values={values}
                userId={userId}
                t={t}
              />
            )}
          </PasswordField>
        ))}
        <div className="erp-admin-form__row erp-admin-form__row--inline">
          <input
            id={`${baseId}-show`}
            type="checkbox"
            checked={showPasswords}
            onChange={(event) => setShowPasswords(event.target.checked)}
          />
          <label htmlFor={`${baseId}-show`}>{t('changePassword.showPasswords')}</label>
        </div>
        <div className="erp-admin-form__actions">
          <sl-button type="submit" variant="primary" class="erp-admin-form__submit">
            {phase === 'submitting' ? t('changePassword.submitting') : t('changePassword.submit')}
          </sl-button>
        </div>
      </form>
      )}

    </section>
  );
}

interface PasswordFieldProps {
  id: string;
  problemId: string;
  label: string;
  autoComplete: string;
  value: string;
  visible: boolean;
  inputRef: RefObject<SlInput | null>;
  onChange(value: string): void;
  /** The messages of the field's problem, or null. */
  problem: string[] | null;
  /** Id of the element describing the field (the rules), if any. */
  hintId: string | null;
  children?: ReactNode;
}

/**
 * One `<sl-input>`: its label is Shoelace's (a real `<label>` of the inner input); its problems, then the
 * hint (`children`), are its help text, so the inner input is described by them.
 */
function PasswordField({ id, problemId, label, autoComplete, value, visible, inputRef, onChange, problem, children }: PasswordFieldProps) {
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  // Shoelace's own event (React has no prop for a custom element's events).
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const listener = () => latestChange.current(input.value);
    input.addEventListener('sl-input', listener);
    return () => input.removeEventListener('sl-input', listener);
  }, [inputRef]);
  // The state of the inner input itself: assistive technology reads `aria-invalid` there, not on the host.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    void input.updateComplete.then(() => {
      const inner = input.shadowRoot?.querySelector('input');
      if (problem) inner?.setAttribute('aria-invalid', 'true');
      else inner?.removeAttribute('aria-invalid');
    });
  }, [inputRef, problem]);
  return (
    <div className="erp-admin-form__row" data-field={id}>
      <sl-input
        ref={inputRef}
        id={id}
        class="erp-admin-form__input"
        label={label}
        type={visible ? 'text' : 'password'}
        autocomplete={autoComplete}
        autocapitalize="off"
        autocorrect="off"
        spellcheck={false}
        value={value}
        data-invalid={problem ? 'true' : undefined}
      >
        {(problem || children) && (
          <div slot="help-text" className="erp-admin-form__help">
            {problem && (
              <ul id={problemId} className="erp-admin-form__problem">
                {problem.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
            {children}
          </div>
        )}
      </sl-input>
    </div>
  );
}

function PolicyRules({
  id,
  state,
  values,
  userId,
  t,
}: {
  id: string;
  state: PolicyState;
  values: FormValues;
  userId: string;
  t: Translate;
}) {
  if (state.status !== 'ready') {
    return (
      <p id={id} className="erp-ui-note erp-admin-rules__note">
        {state.status === 'loading' ? t('changePassword.rules.loading') : t('changePassword.rules.failed')}
      </p>
    );
  }
  const { policy } = state;
  const typed = values.newPassword !== '';
  const broken = new Set(brokenRules(values.newPassword, policy, { userId, currentPassword: values.currentPassword }));
  return (
    <div id={id} className="erp-admin-rules">
      <p className="erp-admin-rules__heading">{t('changePassword.rules.heading')}</p>
      <ul className="erp-admin-rules__list">
        {activeRules(policy).map((rule) => {
          const met = typed && !broken.has(rule);
          return (
            <li key={rule} className="erp-admin-rules__rule" data-rule={rule} data-met={typed ? String(met) : undefined}>
              {ruleText(rule, policy, t)}
              {typed && <span className="erp-ui-visually-hidden"> ({met ? t('changePassword.rules.met') : t('changePassword.rules.notMet')})</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ruleText(rule: PasswordRule, policy: PasswordPolicy, t: Translate): string {
  return t(`changePassword.rules.${rule}`, { min: policy.minLength, max: policy.maxLength });
}

/** The messages shown under a field for its problem (a policy problem has one per rule broken). */
function problemMessages(field: Field, problem: FieldProblem, policy: PasswordPolicy | null, t: Translate): string[] {
  switch (problem.code) {
    case 'required':
      return [t(`changePassword.errors.required.${field}`)];
    case 'current_password_invalid':
      return [t('changePassword.errors.currentPasswordInvalid')];
    case 'password_mismatch':
      return [t('changePassword.errors.passwordMismatch')];
    case 'password_policy':
      return problem.rules.map((rule) => {
        if (rule === 'minLength' && !policy) return t('changePassword.errors.rules.minLengthUnknown');
        if (rule === 'maxLength' && (!policy || !Number.isFinite(policy.maxLength))) {
          return t('changePassword.errors.rules.maxLengthUnknown');
        }
        return t(`changePassword.errors.rules.${rule}`, { min: policy?.minLength, max: policy?.maxLength });
      });
  }
}

function summaryMessage(problem: SummaryProblem, t: Translate): string {
  switch (problem.code) {
    case 'too_many_attempts':
      return problem.retryAfterSeconds
        ? t('changePassword.errors.tooManyAttempts', { minutes: minutesToWait(problem.retryAfterSeconds) })
        : t('changePassword.errors.tooManyAttemptsLater');
    case 'conflict':
      return t('changePassword.errors.conflict');
    case 'expired':
      return translate('errors:session.expired', 'Your session has expired. Please log out and log in again.');
    case 'forbidden':
      return translate('errors:http.forbidden', 'You do not have sufficient permissions.');
    case 'network':
      return t('changePassword.errors.network');
    case 'server':
      return t('changePassword.errors.server');
    case 'rejected':
      return problem.detail
        ? t('changePassword.errors.rejectedDetail', { detail: problem.detail })
        : t('changePassword.errors.rejected');
  }
}
