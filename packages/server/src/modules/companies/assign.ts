// Company assignment: rules and client-id mappings put backups under companies (re-exported from their files).

export { candidateSql, loadCompanyRules } from './assign-candidates.ts';
export type { Scope, MatchOptions } from './assign-candidates.ts';
export { ruleMatchSql, mappingMatchSql } from './match-sql.ts';
export { noJit, assignCompanies } from './assign-companies.ts';
export type { AssignOutcome } from './assign-companies.ts';
export { reapplyTenant, reapplyAllTenants, assignNewBackups } from './reapply.ts';
