import type { MailMessage } from '../types.ts';
import { alternation, fold } from './lexicon.ts';

const REPORT = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation((l) => l.report)})(?![\\p{L}\\p{N}])`, 'u');
/** Report words inside tool names and compounds: rsnapshot, fpsync, Datensicherung, autobackup. */
const STEM = /backup|snapshot|sync|sicherung|sauvegard|replicat|replikat/u;
const reportWord = (folded: string) => REPORT.exec(folded) ?? STEM.exec(folded);
const SENDER_HINT = /backup|sauvegarde|sicherung|cron|nas|root|daemon|scheduler|replication|sync|veeam|job/u;
const NOT_A_REPORT =
  /unsubscribe|newsletter|webinar|licen[cs]e (?:will )?(?:expir|renew)|subscription (?:will )?(?:expir|renew)|invoice|free trial|promotion|special offer|% off|se desinscrire|desabonner|abmelden|darse de baja/u;

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
  const not = NOT_A_REPORT.exec(fold(`${msg.subject}\n${lines.join('\n')}`));
  if (not) {
    score -= 0.6;
    reasons.push(`not a report: "${not[0]}"`);
  }
  return { score: Math.max(0, Math.min(1, score)), reasons };
}
