// A backup's database row as the PolicyRow the Manage lists show.
import type { PolicyRow } from '@vigil/contract';
import { vendorNames } from '../ingest/emails-service.ts';
import { describeRule } from '../audit/schedules.ts';
import { NO_CLIENT, NO_COMPANY } from '../audit/common.ts';
import { type PolicyDbRow, isoOrNull } from './policy-columns.ts';

export function toPolicyRow(r: PolicyDbRow): PolicyRow {
  return {
    PolicyId: r.id,
    BackupId: r.id,
    State: r.state,
    Vendor: r.vendor,
    VendorName: vendorNames.get(r.vendor) ?? r.vendor,
    DeviceName: r.device_name,
    JobName: r.job_name,
    Method: r.method,
    BackupType: r.backup_type,
    SenderEmail: r.sender_address,
    ClientId: r.vendor_client_id ?? r.client_tag ?? NO_CLIENT,
    CompanyId: r.company_id,
    CompanyName: r.company_name ?? NO_COMPANY,
    CompanySource: r.company_id === null ? null : r.company_source,
    TemplateId: r.template_id,
    TemplateName: r.template_name,
    BackupPlanId: r.backup_plan_id,
    Schedule: r.schedule,
    ScheduleId: r.schedule_id,
    ScheduleName: r.schedule_name ?? (r.schedule ? describeRule(r.schedule) : 'No schedule'),
    DayStartHour: r.day_start_hour,
    StatusCalculation: r.status_calculation,
    TreatWarningAsSuccess: r.treat_warning_as_success,
    FailureThreshold: r.failure_threshold,
    Notes: r.notes,
    Tags: r.tags ?? [],
    LastEmailAt: isoOrNull(r.last_email_at),
    LastStatus: r.last_status,
    LastResultAt: isoOrNull(r.last_result_at),
    CurrentStatus: r.current_status,
    ResultCount: Number(r.result_count),
    PausedUntil: isoOrNull(r.paused_until),
    ActivatedAt: isoOrNull(r.activated_at),
    RetiredAt: isoOrNull(r.retired_at),
    CreatedAt: new Date(r.created_at).toISOString(),
  };
}
