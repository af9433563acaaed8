/**
 * The widgets the shell's definitions name (registered with @erp/records' `registerFieldWidget` /
 * `registerLookupWidget`, so the generic form never names an entity): `company-logo` (§3 Company: preview and
 * upload of Logo, which also shows LogoFileType), `securables` (§3 user securables: a bill-to and its ship-tos)
 * and the firm definition's lookup widget `firm-lookup` (§5: by Firm ID or Name).
 */
import { registerFieldWidget, registerLookupWidget, type FieldWidgetProps } from '@erp/records';
import { CompanyLogo } from './CompanyLogo.tsx';
import { FirmLookupInput } from './FirmLookup.tsx';
import { SecurablesEditor } from './SecurablesEditor.tsx';

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

/** Registers the shell's widgets (once per page: the screens module runs once). */
export function registerShellWidgets(): void {
  registerFieldWidget('company-logo', CompanyLogoWidget);
  registerFieldWidget('securables', SecurablesWidget);
  registerLookupWidget('firm-lookup', FirmLookupInput);
}
