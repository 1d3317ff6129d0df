import type { BackupJob, CopyJob } from '@aws-sdk/client-backup';
import type { VendorCustomer, VendorSession } from '../types.ts';

/**
 * AWS Backup's backup jobs (ListBackupJobs) mapped to sessions. Pure: no I/O.
 * Device = the resource's name (else its ARN), job = the backup plan (else the vault),
 * customer = the AWS account id.
 */

type Outcome = Pick<VendorSession, 'status' | 'message'>;

/**
 * COMPLETED → Success, or Warning when AWS files it "Completed with issues" (a MessageCategory
 * other than SUCCESS); PARTIAL / ABORTED → Warning; FAILED / EXPIRED → Failure; the rest still run.
 */
export function awsOutcome(j: BackupJob): Outcome | null {
  const text = j.StatusMessage?.trim() || null;
  switch (j.State) {
    case 'COMPLETED':
      return j.MessageCategory && j.MessageCategory !== 'SUCCESS'
        ? { status: 'Warning', message: text ?? `Backup job completed with issues (${j.MessageCategory})` }
        : { status: 'Success', message: null };
    case 'PARTIAL':
      return { status: 'Warning', message: text ?? 'Backup job completed partially' };
    case 'ABORTED':
      return { status: 'Warning', message: text ?? 'Backup job was aborted' };
    case 'FAILED':
      return { status: 'Failure', message: text ?? 'Backup job failed' };
    case 'EXPIRED':
      return { status: 'Failure', message: text ?? 'Backup job expired before it could start' };
    default:
      return null;
  }
}

/** The last part of an ARN (`arn:aws:ec2:…:instance/i-0abc` → `i-0abc`). */
export function arnName(arn: string | undefined): string | null {
  if (!arn) return null;
  const tail = arn.split(':').slice(5).join(':');
  return tail.split('/').pop() || tail || arn;
}

const RESOURCE_TYPES: Record<string, string> = {
  EC2: 'VM',
  EBS: 'Volume',
  RDS: 'Database',
  Aurora: 'Database',
  DynamoDB: 'Database',
  EFS: 'Files',
  FSx: 'Files',
  S3: 'Object storage',
  VirtualMachine: 'VM',
};

export function mapAwsJob(j: BackupJob, region: string): VendorSession | null {
  const outcome = awsOutcome(j);
  const end = j.CompletionDate ?? null;
  if (!outcome || !end || !j.BackupJobId) return null;
  const start = j.CreationDate ?? null;
  const device = j.ResourceName?.trim() || arnName(j.ResourceArn) || j.ResourceArn || 'Unknown resource';
  return {
    sessionId: `${region}:${j.BackupJobId}`,
    customerId: j.AccountId ?? null,
    customerName: j.AccountId ? `AWS account ${j.AccountId}` : null,
    device,
    job: j.CreatedBy?.BackupPlanName?.trim() || j.CreatedBy?.BackupPlanId || j.BackupVaultName || 'On-demand backup',
    backupType: RESOURCE_TYPES[j.ResourceType ?? ''] ?? j.ResourceType ?? 'Backup',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof j.BackupSizeInBytes === 'number' ? j.BackupSizeInBytes : null,
    durationSeconds: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: outcome.message,
    assetId: j.ResourceArn ?? null,
  };
}

export const awsCustomer = (accountId: string): VendorCustomer => ({ id: accountId, name: `AWS account ${accountId}` });

/** `arn:aws:backup:eu-central-1:111122223333:backup-vault:Offsite` → { name: 'Offsite', region: 'eu-central-1' }. */
export function vaultOf(arn: string | undefined): { name: string; region: string | null } | null {
  if (!arn) return null;
  const parts = arn.split(':');
  const name = parts.slice(6).join(':') || arnName(arn);
  return name ? { name, region: parts[3] || null } : null;
}

/**
 * A copy job (ListCopyJobs) is filed as its own job: one per destination vault, named after the
 * plan (or the source vault) and the vault it copies to. COMPLETED → Success (Warning when AWS
 * files it with issues), PARTIAL → Warning, FAILED → Failure; CREATED and RUNNING still run.
 */
export function mapAwsCopyJob(j: CopyJob, region: string): VendorSession | null {
  const outcome = awsOutcome({
    State: j.State as BackupJob['State'],
    StatusMessage: j.StatusMessage,
    MessageCategory: j.MessageCategory,
  });
  const end = j.CompletionDate ?? null;
  if (!outcome || !end || !j.CopyJobId) return null;
  const start = j.CreationDate ?? null;
  const to = vaultOf(j.DestinationBackupVaultArn);
  const from = j.CreatedBy?.BackupPlanName?.trim() || vaultOf(j.SourceBackupVaultArn)?.name || 'On-demand copy';
  const where = to ? `${to.name}${to.region && to.region !== region ? ` (${to.region})` : ''}` : 'another vault';
  return {
    sessionId: `${region}:copy:${j.CopyJobId}`,
    customerId: j.AccountId ?? null,
    customerName: j.AccountId ? `AWS account ${j.AccountId}` : null,
    device: j.ResourceName?.trim() || arnName(j.ResourceArn) || j.ResourceArn || 'Unknown resource',
    job: `${from} → copy to ${where}`,
    backupType: 'Copy',
    status: outcome.status,
    startTime: start,
    endTime: end,
    sizeBytes: typeof j.BackupSizeInBytes === 'number' ? j.BackupSizeInBytes : null,
    durationSeconds: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null,
    message: j.StatusMessage?.trim() ? outcome.message : (outcome.message?.replace(/^Backup job/, 'Copy job') ?? null),
    assetId: j.ResourceArn ?? null,
  };
}
