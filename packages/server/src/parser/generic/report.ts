import type { MailMessage } from '../types.ts';
import { alternation, bounded, fold, KEY_SEP } from './lexicon.ts';

const REPORT = new RegExp(bounded(alternation((l) => l.report)), 'u');
/** Report words inside tool names and compounds: rsnapshot, fpsync, mysqldump, Datensicherung, autobackup. */
const STEM = /backup|snapshot|sync|dump|sicherung|sauvegard|replicat|replikat/u;
/** Backup tools a cron mail may name without any report word: "Cron <barman@db01> /usr/bin/barman -q cron". */
const TOOL = new RegExp(
  bounded(
    'barman|borg(?:matic)?|restic|rustic|duplicity|duply|duplicacy|rdiff-backup|sanoid|znapzend|btrbk|amdump|bacula|bareos|pgbackrest|wal-g|xtrabackup|mariabackup|kopia|plakar|dirvish|backintime|timeshift',
  ),
  'u',
);
const reportWord = (folded: string) => REPORT.exec(folded) ?? STEM.exec(folded) ?? TOOL.exec(folded);
/** Report words every scheduled job's mail may hold without backing anything up. */
const JOB_WORD =
  /^(?:job|task|plan|tache|travail|trabajo|tarea|lavoro|attivita|taak|opdracht|tarefa|trabalho|auftrag|aufgabe|任务|作业)$/u;
const REPORT_ALL = new RegExp(REPORT.source, 'gu');
/** A word saying the mail is about a backup, not just about some job: any report word but the job words. */
export function backupWord(folded: string): boolean {
  if (STEM.test(folded) || TOOL.test(folded)) return true;
  return [...folded.matchAll(REPORT_ALL)].some((m) => !JOB_WORD.test(m[0]));
}
/** A cron daemon's mail: "Cron <root@host> command", systemd-cron's "[host] job cron-… failed", anacron's. */
const CRON_SUBJECT = /^\s*(?:cron <|\[[^\]]+\] job cron-|anacron job)/u;
const CRON_SENDER = /cron daemon|systemd-cron|anacron/u;
const SENDER_HINT = /backup|sauvegarde|sicherung|cron|nas|root|daemon|scheduler|replication|sync|veeam|job/u;
const NOT_A_REPORT =
  /unsubscribe|newsletter|webinar|licen[cs]e (?:will )?(?:expir|renew)|subscription (?:will )?(?:expir|renew)|invoice|free trial|promotion|special offer|% off|se desinscrire|desabonner|abmelden|darse de baja/u;

/**
 * A restore job's report ("Job type: Restore", "任务类型：Restore"): features §3.4 has no restore
 * result kind, so it files no backup result, as the vendor readers leave restores out.
 */
const RESTORE_JOB = new RegExp(
  `^\\s*(?:[-*•]\\s*)?(?:job type|task type|type|operation|operation name|任务类型|作业类型)\\s*${KEY_SEP}\\s*${bounded('restore|restauration|wiederherstellung|还原|恢复')}`,
  'u',
);

/** Is this a backup or job report at all? A score 0..1 and the words that said so. */
export function reportScore(
  msg: MailMessage,
  lines: string[],
  hasKeyLines: boolean,
): { score: number; reasons: string[] } {
  const reasons: string[] = [];
  let score = 0;
  const subject = fold(msg.subject);
  const inSubject = reportWord(subject);
  if (inSubject) {
    score += 0.5;
    reasons.push(`report: "${msg.subject.substr(inSubject.index, inSubject[0].length)}" in subject`);
  }
  const bodyHit = lines.slice(0, 150).findIndex((l) => reportWord(fold(l)));
  if (bodyHit >= 0) {
    score += 0.3;
    const m = reportWord(fold(lines[bodyHit]))!;
    reasons.push(`report: "${lines[bodyHit].substr(m.index, m[0].length)}" in body line ${bodyHit + 1}`);
  }
  const sender = fold(`${msg.fromName} ${msg.from}`);
  const hint = SENDER_HINT.exec(sender);
  if (hint) {
    score += 0.2;
    reasons.push(`report: sender "${msg.fromName ? `${msg.fromName} <${msg.from}>` : msg.from}"`);
  }
  if (hasKeyLines) score += 0.2;
  // A cron daemon mails every job's output: one whose command and output name no backup is a job
  // that failed or talked, not a backup report.
  const cron = CRON_SUBJECT.test(subject) || CRON_SENDER.test(fold(`${msg.fromName} ${msg.from}`));
  if (cron && !backupWord(subject) && !lines.slice(0, 150).some((l) => backupWord(fold(l)))) {
    score = Math.min(score, 0.3);
    reasons.push('not a report: a cron job mail that names no backup');
  }
  const restore = lines.slice(0, 150).find((l) => RESTORE_JOB.test(fold(l)));
  if (restore) {
    score = Math.min(score, 0.3);
    reasons.push(`not a report: a restore job ("${restore.trim().slice(0, 80)}")`);
  }
  const not = NOT_A_REPORT.exec(fold(`${msg.subject}\n${lines.join('\n')}`));
  if (not) {
    score -= 0.6;
    reasons.push(`not a report: "${not[0]}"`);
  }
  return { score: Math.max(0, Math.min(1, score)), reasons };
}
