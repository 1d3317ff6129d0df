// A template's stored row and its settings, company ids and rules read back.
import { BackupSettings, type RuleSet } from '@vigil/contract';
import { readRules } from '../../matching/rules.ts';

export interface TemplateDbRow {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  backups_count: number;
  company_names: string[] | null;
}

export interface StoredTemplate {
  id: number;
  name: string;
  settings: BackupSettings;
  rules: RuleSet;
  companyIds: number[];
  isActive: boolean;
}

export function readSettings(doc: unknown): BackupSettings {
  const r = BackupSettings.safeParse(doc ?? {});
  return r.success ? r.data : {};
}

export function readCompanyIds(doc: unknown): number[] {
  return Array.isArray(doc) ? doc.filter((x): x is number => Number.isInteger(x)) : [];
}

export function stored(r: {
  id: number;
  name: string;
  settings: unknown;
  rules: unknown;
  company_ids: unknown;
  is_active: boolean;
}) {
  return {
    id: r.id,
    name: r.name,
    settings: readSettings(r.settings),
    rules: readRules(r.rules),
    companyIds: readCompanyIds(r.company_ids),
    isActive: r.is_active,
  };
}
