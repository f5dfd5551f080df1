/** What other modules may use of the console's machinery: one audited admin write, and the audit log. */
export { adminSecurity, adminWrite } from './admin-write';
export { type AuditInput, recordAudit } from './audit.service';
