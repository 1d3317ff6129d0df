/**
 * The words the generic reader knows, per language (en, fr, de, es, it, nl, pt, zh). Every entry
 * is a regular-expression fragment matched case-insensitively against text whose accents were
 * removed, so "réussi" is written "reussi" here and still matches "RÉUSSI" in a mail.
 */
export type Lang = 'en' | 'fr' | 'de' | 'es' | 'it' | 'nl' | 'pt' | 'zh';

/**
 * A letter or digit that ends a word. Chinese and Japanese write without spaces, so a Han, kana
 * or Hangul character next to a word does not make it part of a longer word: "BAREOS任务执行失败"
 * holds "BAREOS", "任务" and "失败".
 */
const WORD_CHAR = '(?:(?![\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Hangul}])[\\p{L}\\p{N}])';

/** A fragment matched as whole words only. */
export const bounded = (s: string) => `(?<!${WORD_CHAR})(?:${s})(?!${WORD_CHAR})`;

/** The separators of a "Key: value" line, the full-width colon of Chinese and Japanese text too. */
export const KEY_SEP = '[:=\uFF1A]';

export interface Lexicon {
  /** Words that make a mail a backup or job report. */
  report: string[];
  success: string[];
  warning: string[];
  failure: string[];
  /** Phrases that turn a success word into a failure ("did not complete"). Matched first. */
  negatedSuccess: string[];
  /** Phrases that read as a warning although they hold a success word ("completed with warnings"). */
  qualifiedSuccess: string[];
  /** Housekeeping that failed ("could not remove" an expired snapshot): the backup itself is not at stake, a warning. */
  cleanupFailure: string[];
  /** Error and warning nouns, used in counts ("2 errors", "Fehler: 0"). */
  errorNouns: string[];
  warningNouns: string[];
  /** "no errors" / "sans erreur": the error nouns that follow these are not evidence. */
  none: string[];
  /** Key names of the job, device and status lines of a report ("Job:", "Tâche :"). */
  jobKeys: string[];
  deviceKeys: string[];
  statusKeys: string[];
}

export const LEXICON: Record<Lang, Lexicon> = {
  en: {
    report: [
      'backup',
      'back-up',
      'job',
      'task',
      'plan',
      'replication',
      'snapshot',
      'sync',
      'dump',
      'archive',
      'restore point',
      'rsync',
      'rclone',
      'backed up',
    ],
    success: [
      'success(?:ful(?:ly)?)?',
      'succeeded',
      'completed',
      'complete',
      'finished',
      'ok',
      'passed',
      'done',
      // "a new backup was created", "snapshot created": the backup exists
      '(?:backup|snapshot|archive)s? (?:was |were |has been |have been )?(?:successfully )?created',
    ],
    warning: ['warnings?', 'partial(?:ly)?(?: success(?:ful)?| completed?)?', 'completed with exceptions'],
    failure: [
      'fail(?:ed|ure|s)?',
      'errors?',
      'aborted',
      'missed',
      'unsuccessful',
      'cancell?ed',
      'fatal',
      'critical',
      'timed out',
      'command not found',
      'permission denied',
      'no space left on device',
      'backups? (?:is |are |was |were )?missing',
      'missing backups?',
    ],
    negatedSuccess: [
      '(?:did|has|have|was|were|could) ?(?:not|n.t) (?:be )?(?:complete|completed|finish|finished|succeed|run|successful|successfully|created)',
      'not (?:completed|successful|finished)',
      'unable to (?:complete|finish)',
      'incomplete',
      '(?:completed|finished|ended) with (?:errors?|failures?)',
      // "has never been successfully backed up", "never succeeded"
      'never (?:been )?(?:successfully|succeeded|completed|successful)',
      // "no backups of host1 have succeeded", "no jobs were completed"
      'no (?:[\\w.-]+ ){1,4}(?:have|has|were|was) (?:succeeded|completed|been successful)',
      // "No file has been backuped in /home/x since 1 days", "has not been backed up for 3 days"
      'no (?:[\\w./-]+ ){0,3}(?:has|have) been (?:backed ?up|backuped)',
      '(?:has|have) not been (?:backed ?up|backuped)',
    ],
    qualifiedSuccess: ['(?:completed|finished|succeeded|success) with warnings?', 'completed with exceptions'],
    cleanupFailure: [
      '(?:could ?not|couldn.t|unable to|failed to|cannot|can.t) (?:find any [\\w.-]+ to )?(?:remove|delete|destroy|prune|purge|clean ?up|rotate|expire)',
    ],
    errorNouns: ['errors?', 'failures?', 'failed', 'fails'],
    warningNouns: ['warnings?'],
    none: ['no', 'without', 'zero'],
    jobKeys: [
      'job',
      'job name',
      'backup job',
      'task',
      'task name',
      'plan',
      'backup plan',
      'backup set',
      'policy',
      'profile',
    ],
    deviceKeys: [
      'host',
      'hostname',
      'host name',
      'computer',
      'computer name',
      'server',
      'machine',
      'device',
      'client',
      'vm',
      'nas',
      'source host',
    ],
    statusKeys: ['status', 'result', 'state', 'outcome', 'job status', 'backup status', 'termination'],
  },
  fr: {
    report: ['sauvegarde', 'tache', 'travail', 'replication', 'instantane', 'synchronisation'],
    success: ['reussie?s?', 'succes', 'terminee?s?', 'effectuee?s?', 'termine avec succes', 'creee?s?'],
    warning: ['avertissements?', 'partiellement'],
    failure: [
      'echec',
      'echoue(?:e|es|s)?',
      'erreurs?',
      'interrompue?',
      'abandonnee?',
      'annulee?',
      'sauvegarde manquante',
      'aucune sauvegarde depuis',
    ],
    negatedSuccess: [
      "n'a pas (?:ete |pu )?(?:reussi|termine|effectue|aboutir|etre creee?)",
      'non (?:reussie?|terminee?)',
      'pas termine',
      'terminee?s? avec (?:des )?erreurs?',
    ],
    qualifiedSuccess: ['(?:terminee?|reussie?) avec (?:des )?avertissements?'],
    cleanupFailure: ["(?:impossible de|n'a pas pu) (?:supprimer|purger|nettoyer)"],
    errorNouns: ['erreurs?', 'echecs?', 'echoue(?:e|es|s)?'],
    warningNouns: ['avertissements?'],
    none: ['aucune?', 'sans', 'pas d.'],
    jobKeys: ['tache', 'nom de la tache', 'travail', 'sauvegarde', 'plan'],
    deviceKeys: ['ordinateur', 'serveur', 'machine', 'appareil', 'hote', 'poste'],
    statusKeys: ['statut', 'etat', 'resultat'],
  },
  de: {
    report: [
      'sicherung',
      'datensicherung',
      'sicherungsauftrag',
      'auftrag',
      'aufgabe',
      'replikation',
      'synchronisierung',
    ],
    success: ['erfolgreich', 'abgeschlossen', 'beendet', 'fertiggestellt', 'erstellt'],
    warning: ['warnung(?:en)?', 'teilweise'],
    failure: [
      'fehlgeschlagen',
      'schlug(?:en)? fehl',
      'fehler(?:haft)?',
      'abgebrochen',
      'gescheitert',
      'sicherung fehlt',
      'fehlende sicherung',
      'keine sicherung seit',
    ],
    negatedSuccess: [
      'nicht (?:erfolgreich|abgeschlossen|beendet|erstellt)',
      'noch nie erfolgreich',
      'mit fehlern (?:abgeschlossen|beendet)',
      '(?:abgeschlossen|beendet) mit fehlern',
    ],
    qualifiedSuccess: ['mit warnung(?:en)? (?:abgeschlossen|beendet)', '(?:abgeschlossen|beendet) mit warnung(?:en)?'],
    cleanupFailure: [
      'konnten? nicht (?:geloscht|entfernt|bereinigt) werden',
      '(?:loschen|entfernen|bereinigen) fehlgeschlagen',
    ],
    errorNouns: ['fehler'],
    warningNouns: ['warnung(?:en)?'],
    none: ['keine?', 'ohne'],
    jobKeys: ['auftrag', 'auftragsname', 'sicherungsauftrag', 'aufgabe', 'job', 'jobname'],
    deviceKeys: ['rechner', 'computer', 'gerat', 'server', 'host'],
    statusKeys: ['status', 'ergebnis', 'zustand'],
  },
  es: {
    report: ['copia de seguridad', 'copias de seguridad', 'respaldo', 'trabajo', 'tarea', 'replicacion'],
    success: ['correct[oa]', 'correctamente', 'exitos[oa]', 'exito', 'completad[oa]', 'finalizad[oa]', 'cread[oa]'],
    warning: ['advertencias?', 'parcial(?:mente)?'],
    failure: [
      'fallid[oa]',
      'fallo',
      'fallos',
      'error',
      'errores',
      'abortad[oa]',
      'cancelad[oa]',
      'copia de seguridad (?:faltante|ausente)',
      'ninguna copia de seguridad desde',
    ],
    negatedSuccess: [
      'no (?:se )?(?:ha )?(?:completado|completo|finalizado|terminado|creado)',
      '(?:completad[oa]|finalizad[oa]) con errores',
    ],
    qualifiedSuccess: ['(?:completad[oa]|finalizad[oa]) con advertencias'],
    cleanupFailure: ['no se (?:pudo|pudieron) (?:eliminar|borrar|purgar|limpiar)'],
    errorNouns: ['errores', 'error', 'fallos'],
    warningNouns: ['advertencias?'],
    none: ['sin', 'ningun', 'ninguna'],
    jobKeys: ['trabajo', 'tarea', 'nombre de la tarea', 'nombre del trabajo'],
    deviceKeys: ['equipo', 'servidor', 'maquina', 'dispositivo', 'host'],
    statusKeys: ['estado', 'resultado'],
  },
  it: {
    report: ['copia di sicurezza', 'lavoro', 'attivita', 'processo di backup', 'replica'],
    success: ['completat[oa]', 'riuscit[oa]', 'con successo', 'successo', 'terminat[oa]', 'creat[oa]'],
    warning: ['avvis[oi]', 'attenzione', 'parzialmente'],
    failure: [
      'non riuscit[oa]',
      'fallit[oa]',
      'errore',
      'errori',
      'interrott[oa]',
      'annullat[oa]',
      'backup mancante',
      'nessun backup da',
    ],
    negatedSuccess: [
      'non (?:e stat[oa] )?(?:completat[oa]|riuscit[oa]|terminat[oa]|creat[oa])',
      '(?:completat[oa]|terminat[oa]) con errori',
    ],
    qualifiedSuccess: ['(?:completat[oa]|terminat[oa]) con (?:degli )?avvisi'],
    cleanupFailure: ['(?:impossibile|non e stato possibile) (?:eliminare|rimuovere|cancellare)'],
    errorNouns: ['errori', 'errore'],
    warningNouns: ['avvisi', 'avviso'],
    none: ['nessun[oa]?', 'senza'],
    jobKeys: ['lavoro', 'attivita', 'nome attivita', 'processo'],
    deviceKeys: ['computer', 'macchina', 'dispositivo', 'server', 'host'],
    statusKeys: ['stato', 'esito', 'risultato'],
  },
  nl: {
    report: ['reservekopie', 'taak', 'opdracht', 'replicatie', 'back-up'],
    success: ['geslaagd', 'voltooid', 'gelukt', 'succesvol', 'aangemaakt'],
    warning: ['waarschuwing(?:en)?', 'gedeeltelijk'],
    failure: ['mislukt', 'fout(?:en)?', 'afgebroken', 'gefaald', 'back-?up ontbreekt', 'geen back-?up sinds'],
    negatedSuccess: ['niet (?:geslaagd|voltooid|gelukt|aangemaakt)', 'voltooid met fouten'],
    qualifiedSuccess: ['voltooid met waarschuwing(?:en)?'],
    cleanupFailure: ['kon(?:den)? niet (?:worden )?(?:verwijderd|verwijderen|opgeschoond)'],
    errorNouns: ['fout(?:en)?'],
    warningNouns: ['waarschuwing(?:en)?'],
    none: ['geen', 'zonder'],
    jobKeys: ['taak', 'taaknaam', 'opdracht'],
    deviceKeys: ['apparaat', 'computer', 'server', 'host'],
    statusKeys: ['status', 'resultaat'],
  },
  pt: {
    report: ['copia de seguranca', 'copias de seguranca', 'tarefa', 'trabalho', 'replicacao'],
    success: ['concluid[oa]', 'sucesso', 'com exito', 'bem[- ]sucedid[oa]', 'criad[oa]'],
    warning: ['avisos?', 'parcialmente'],
    failure: ['falhou', 'falha', 'falhas', 'erro', 'erros', 'abortad[oa]', 'backup em falta', 'nenhum backup desde'],
    negatedSuccess: ['nao (?:foi )?(?:concluid[oa]|bem[- ]sucedid[oa]|criad[oa])', 'concluid[oa] com erros'],
    qualifiedSuccess: ['concluid[oa] com avisos'],
    cleanupFailure: ['nao foi possivel (?:remover|excluir|eliminar|apagar|limpar)'],
    errorNouns: ['erros?', 'falhas?'],
    warningNouns: ['avisos?'],
    none: ['sem', 'nenhum', 'nenhuma'],
    jobKeys: ['tarefa', 'trabalho', 'nome da tarefa'],
    deviceKeys: ['computador', 'servidor', 'maquina', 'dispositivo', 'equipamento'],
    statusKeys: ['estado', 'status', 'resultado'],
  },
  zh: {
    report: ['备份', '任务', '作业', '同步', '快照', '复制'],
    success: ['成功', '已完成', '完成', '正常'],
    warning: ['警告'],
    failure: ['失败', '错误', '出错', '异常', '中止', '取消', '超时'],
    negatedSuccess: ['未完成', '未成功', '没有完成', '不成功', '未能完成', '无法完成'],
    qualifiedSuccess: ['部分成功', '(?:完成|成功)(?:，|,)?但有警告'],
    cleanupFailure: ['无法删除', '删除失败', '清理失败'],
    errorNouns: ['错误'],
    warningNouns: ['警告'],
    none: ['无', '没有'],
    jobKeys: ['任务名称', '任务名字', '任务名', '作业名称', '任务', '作业'],
    deviceKeys: ['客户端名字', '客户端名称', '客户端', '主机名', '主机', '服务器', '计算机', '设备'],
    statusKeys: ['状态', '结果', '完成情况', '执行结果', '备份状态', '任务状态'],
  },
};

const all = (pick: (l: Lexicon) => string[]) => [...new Set(Object.values(LEXICON).flatMap(pick))];

/** One alternation over every language, longest first so "errores" wins over "error". */
export function alternation(pick: (l: Lexicon) => string[]): string {
  return all(pick)
    .sort((a, b) => b.length - a.length)
    .join('|');
}

/** Lowercase without accents, same length as the input so positions map back to the original. */
export function fold(s: string): string {
  return [...s]
    .map((c) => {
      const lower = c
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      return lower.length === c.length ? lower : c;
    })
    .join('');
}
