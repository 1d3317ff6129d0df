import { describe, expect, it } from 'vitest';
import { testMail } from '../test-mail.ts';
import type { MailMessage } from '../types.ts';
import { iperius } from './iperius.ts';

const mail = (subject: string, text = ''): MailMessage =>
  testMail({ subject, text, from: 'backup@contoso.com', fromName: 'Iperius Backup' });

describe('iperius, Spanish installations', () => {
  it('reads "con errores" as a failure and "con avisos" as a warning, never as a success', () => {
    const failed = mail('Iperius Backup - "Servidor" - Copia de seguridad finalizada con errores [SRV01]');
    expect(iperius.detect(failed)).toBe(true);
    expect(iperius.parse(failed)[0]).toMatchObject({ status: 'Failure', jobName: 'Servidor' });
    const warned = mail('Iperius Backup - "Servidor" - Copia de seguridad finalizada con avisos [SRV01]');
    expect(iperius.parse(warned)[0]).toMatchObject({ status: 'Warning', jobName: 'Servidor' });
  });

  it('reads a plain "finalizada correctamente" as a success', () => {
    const ok = mail('Iperius Backup - "Servidor" - Copia de seguridad finalizada correctamente [SRV01]');
    expect(iperius.parse(ok)[0]).toMatchObject({ status: 'Success', jobName: 'Servidor' });
  });

  it('still reads the English subjects', () => {
    const failed = mail('Iperius Backup - "SQL-to-NAS" - Backup completed with errors [SQL02]');
    expect(iperius.parse(failed)[0]).toMatchObject({ status: 'Failure' });
  });
});
