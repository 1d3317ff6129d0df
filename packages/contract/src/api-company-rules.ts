// Company rules (`api/company/{id}/rules`), their test and the apply-companies preview.
import { z } from 'zod';
import { RuleSet } from './api-manage.ts';

/** `GET/PUT api/company/{id}/rules`. */
export const CompanyRules = z.object({ CompanyId: z.number().int(), Rules: RuleSet });
export type CompanyRules = z.infer<typeof CompanyRules>;
export const CompanyRulesInput = z.object({ Rules: RuleSet });
export type CompanyRulesInput = z.infer<typeof CompanyRulesInput>;

/** A backup as the rule and mapping previews show it. */
export const MatchedBackup = z.object({
  Id: z.number().int(),
  /** The backup's current company, "- No company assigned -" when none. */
  CompanyName: z.string(),
  DeviceName: z.string(),
  JobName: z.string(),
  Vendor: z.string(),
  ClientId: z.string().nullable(),
  State: z.string(),
  /** Other companies that claim the same backup (the backup is skipped on apply). */
  ConflictsWith: z.array(z.string()),
});
export type MatchedBackup = z.infer<typeof MatchedBackup>;

/** One company of the "Apply companies" preview (features §3.5). */
export const ApplyCompany = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Backups: z.array(MatchedBackup),
  HasConflict: z.boolean(),
});
export type ApplyCompany = z.infer<typeof ApplyCompany>;
export const ApplyCompaniesInput = z
  .object({ CompanyIds: z.array(z.number().int().positive()).max(5000).optional() })
  .nullish();
export const ApplyCompaniesAnswer = z.object({
  /** Backups given a company. */
  Assigned: z.number().int(),
  /** Backups skipped because more than one company claimed them. */
  Conflicts: z.number().int(),
  /** Companies that received backups. */
  Companies: z.number().int(),
});
export type ApplyCompaniesAnswer = z.infer<typeof ApplyCompaniesAnswer>;

/** `POST api/company/test`: the backups a rule set matches, without saving it. */
export const CompanyRulesTest = z.object({
  Rules: RuleSet,
  Size: z.number().int().min(1).max(200).default(50),
});
export const CompanyRulesTestAnswer = z.object({ Total: z.number().int(), Backups: z.array(MatchedBackup) });
export type CompanyRulesTestAnswer = z.infer<typeof CompanyRulesTestAnswer>;
