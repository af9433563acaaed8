/**
 * The field widgets the shell's own definitions name (widgets.ts): `company-logo` (§3 Company: preview and
 * upload of Logo, which also shows LogoFileType), `securables` (§3 user securables: a list of bill-to and
 * ship-to ids) and `none` (a field another widget shows). Imported by the form, so they are registered before
 * any form renders.
 */
import { CompanyLogo } from '../CompanyLogo.tsx';
import { SecurablesEditor } from '../SecurablesEditor.tsx';
import { registerFieldWidget, type FieldWidgetProps } from './widgets.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function CompanyLogoWidget(props: FieldWidgetProps) {
  return (
    <CompanyLogo
      companyId={props.recordId}
      logo={text(props.draft['Logo'])}
      fileType={text(props.draft['LogoFileType'])}
      canWrite={props.canWrite}
      onUploaded={props.onRecordSaved}
    />
  );
}

function SecurablesWidget(props: FieldWidgetProps) {
  return (
    <SecurablesEditor
      id={props.inputId}
      value={text(props.value)}
      onChange={props.onChange}
      readOnly={props.readOnly}
      errors={props.errors}
      errorId={props.errorId}
      label={props.label}
    />
  );
}

registerFieldWidget('company-logo', CompanyLogoWidget);
registerFieldWidget('securables', SecurablesWidget);
registerFieldWidget('none', () => null);
