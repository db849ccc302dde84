import { z } from 'zod';

/**
 * Every error the API can answer with. Services throw AppError(code, params);
 * the HTTP status comes from this one table, the message from locales/{de,en}/errors.json.
 */
export const ERROR_STATUS = {
  internal: 500,
  validation_failed: 400,
  invalid_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  not_found: 404,
  route_not_found: 404,
  unauthenticated: 401,
  session_expired: 401,
  forbidden: 403,
  permission_denied: 403,
  admin_only: 403,
  csrf_refused: 403,
  rate_limited: 429,
  stale_version: 409,
  auth_failed: 401,
  auth_no_code: 400,
  auth_invalid_state: 400,
  auth_code_rejected: 401,
  auth_refresh_failed: 401,
  auth_logout_failed: 500,
  organization_not_found: 404,
  organization_switch_failed: 403,
  organization_create_failed: 400,
  organization_update_failed: 400,
  no_organization: 403,
  logo_invalid_type: 415,
  logo_too_large: 413,
  logo_missing: 400,
  file_not_found: 404,
  signed_url_invalid: 403,
  subscription_limit_reached: 402,
  subscription_not_found: 404,
  plan_change_failed: 400,
  idp_invalid_credentials: 401,
  idp_account_exists: 409,
  idp_password_too_short: 400,
  idp_interaction_expired: 400,
  invoice_not_found: 404,
  invoice_in_ocr: 409,
  invoice_action_refused: 409,
  invoice_not_editable: 409,
  upload_no_files: 400,
  upload_too_many_files: 400,
  upload_file_too_large: 413,
  upload_unsupported_type: 415,
  upload_pdf_encrypted: 422,
  upload_pdf_broken: 422,
  upload_pdf_too_many_pages: 422,
  upload_xml_not_einvoice: 415,
  upload_xml_malformed: 422,
  email_import_no_attachment: 422,
  master_data_not_found: 404,
  master_data_code_exists: 409,
  master_data_in_use: 409,
  tax_key_name_exists: 409,
  tax_key_system_locked: 409,
  bank_account_conflict: 409,
  counterparty_not_found: 404,
  counterparty_in_use: 409,
  counterparty_exists: 409,
  import_missing_columns: 400,
  import_malformed_csv: 400,
  import_too_large: 413,
  approval_flow_not_found: 404,
  flow_not_found: 422,
  approval_not_your_turn: 403,
  approval_already_decided: 409,
  approval_not_pending: 409,
  approval_reset_refused: 409,
  approval_reset_transaction_exported: 409,
  approval_reset_transaction_approved: 409,
  approval_reset_forbidden: 403,
  required_fields_missing: 422,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function statusForError(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

export type ErrorParams = Record<string, string | number>;

/** The body of every error answer. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
