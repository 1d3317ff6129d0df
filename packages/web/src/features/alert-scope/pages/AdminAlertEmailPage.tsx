import { useMemo, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import FlagRoundedIcon from '@mui/icons-material/FlagRounded';
import OutlinedFlagRoundedIcon from '@mui/icons-material/OutlinedFlagRounded';
import type { NerLabel } from '@vigil/contract';
import { AlertEmailView } from '../../../components/alerts/AlertEmailView';
import { AnalysisVersions } from '../../../components/alerts/AnalysisVersions';
import { AnalyzeButton } from '../../../components/alerts/AnalyzeButton';
import { useReparseRun } from '../../../components/alerts/useReparseRun';
import { QueryError } from '../../../components/QueryError';
import { useSnackbar } from '../../../components/snackbar';
import {
  AnnotationSourceKind,
  NEW_PREFIX,
  addAnnotation,
  toApiAnnotation,
  toLocalAnnotation,
  trimSelection,
  type LocalAnnotation,
} from '../../../lib/alerts';
import { useTenantFormats } from '../../../lib/tenantFormats';
import {
  adminReparsePaths,
  downloadAlertEml,
  refreshAdminAlert,
  useAdminAlertEmail,
  useAdminAlertVersions,
  useSaveAlertEdit,
  useSetFlag,
  useTrainingData,
} from '../api/alertScope';
import { useNerLabels } from '../api/catalogue';
import { AnnotationEditor, type PendingSelection } from '../components/AnnotationEditor';

/** Flags bit 1: an admin marked the e-mail for review (docs/decisions.md). */
const FLAGGED = 1;

interface Draft {
  annotations: LocalAnnotation[];
  assessment: number;
}

/** `/alert-scope/alert-emails/:tenantId/:emailUid`: one e-mail, its labels to correct, flag, reanalyse, download. */
export default function AdminAlertEmailPage() {
  const params = useParams();
  const tenantId = Number(params.tenantId);
  const uid = params.emailUid ?? '';
  const fmt = useTenantFormats();
  const snackbar = useSnackbar();
  const email = useAdminAlertEmail(tenantId, uid);
  const versions = useAdminAlertVersions(tenantId, uid);
  const training = useTrainingData(tenantId, uid);
  const labels = useNerLabels();
  const save = useSaveAlertEdit();
  const flag = useSetFlag(tenantId, uid);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selection, setSelection] = useState<PendingSelection | null>(null);
  const run = useReparseRun({
    ...adminReparsePaths(tenantId, uid),
    onCompleted: () => {
      refreshAdminAlert(tenantId, uid);
      snackbar.success('Alert e-mail analysed');
    },
    onError: (err) => snackbar.error(err),
  });

  const base = useMemo<Draft | null>(
    () =>
      training.data
        ? {
            annotations: training.data.Annotations.map(toLocalAnnotation),
            assessment: training.data.Assessment || 2,
          }
        : null,
    [training.data],
  );
  const current = draft ?? base;
  const e = email.data;

  const select = (source: number, range: { start: number; end: number } | null) => {
    if (!e || !range) return setSelection(null);
    const text = source === AnnotationSourceKind.Subject ? e.Subject : e.Body;
    const r = trimSelection(text, range.start, range.end);
    // A zero-length selection is ignored (features §9).
    setSelection(r.end > r.start ? { source, ...r, text: text.slice(r.start, r.end) } : null);
  };

  const add = (label: NerLabel) => {
    if (!current || !selection) return;
    const next: LocalAnnotation = {
      id: `${NEW_PREFIX}${Date.now()}`,
      start: selection.start,
      end: selection.end,
      text: selection.text,
      tag: label.label,
      score: 1,
      source: selection.source,
      nerType: label.nerType,
    };
    const r = addAnnotation(current.annotations, next);
    if (!r.ok) {
      if (r.reason === 'overlap') {
        console.error('Annotation overlaps another one', next);
        snackbar.error('Labels cannot overlap: remove the other label first.');
      }
      return;
    }
    setDraft({ ...current, annotations: r.annotations });
    setSelection(null);
    window.getSelection()?.removeAllRanges();
  };

  const saveDraft = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync({
        tenantId,
        emailUid: uid,
        Assessment: draft.assessment,
        Annotations: draft.annotations.map(toApiAnnotation),
      });
      setDraft(null);
      snackbar.success('Corrections saved as training data');
    } catch (err) {
      snackbar.error(err);
    }
  };

  const toggleFlag = async () => {
    if (!e) return;
    try {
      await flag.mutateAsync(e.Flags & FLAGGED ? e.Flags & ~FLAGGED : e.Flags | FLAGGED);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const download = async () => {
    if (!e) return;
    try {
      await downloadAlertEml(tenantId, uid, e.Subject);
    } catch (err) {
      snackbar.error(err);
    }
  };

  const flagged = !!e && (e.Flags & FLAGGED) !== 0;
  return (
    <>
      <Button component={RouterLink} to="/alert-scope/alert-emails" startIcon={<ArrowBackRoundedIcon />} sx={{ mb: 2 }}>
        Alert e-mails
      </Button>
      {email.isError && <QueryError error={email.error} onRetry={() => void email.refetch()} />}
      {!e && email.isPending && <Skeleton variant="rounded" height={320} />}
      {e && current && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 380px' } }}>
          <AlertEmailView
            email={e}
            tenantName={e.TenantName}
            annotations={current.annotations}
            receivedText={fmt.dateTime(e.ReceivedAt)}
            onSelect={select}
            actions={
              <>
                <AnalyzeButton run={run} versionsCount={e.VersionsCount} disabled={!e.CanReparse} />
                <Box sx={{ flex: 1 }} />
                <Button
                  startIcon={flagged ? <FlagRoundedIcon color="warning" /> : <OutlinedFlagRoundedIcon />}
                  aria-pressed={flagged}
                  disabled={flag.isPending}
                  onClick={() => void toggleFlag()}
                >
                  {flagged ? 'Flagged' : 'Flag'}
                </Button>
                <Button startIcon={<DownloadRoundedIcon />} onClick={() => void download()}>
                  Download .eml
                </Button>
              </>
            }
          />
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2 }}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5 }}>
                Correct the analysis
              </Typography>
              <AnnotationEditor
                selection={selection}
                labels={labels.data ?? []}
                annotations={current.annotations}
                assessment={current.assessment}
                dirty={draft !== null}
                saving={save.isPending}
                onAdd={add}
                onRemove={(a) =>
                  setDraft({ ...current, annotations: current.annotations.filter((x) => x.id !== a.id) })
                }
                onAssessment={(assessment) => setDraft({ ...current, assessment })}
                onSave={() => void saveDraft()}
                onReset={() => setDraft(null)}
              />
              {training.data?.Edited && (
                <Typography sx={{ fontSize: 12.5, color: 'text.secondary', mt: 1 }}>
                  Corrected {training.data.EditedAt ? fmt.dateTime(training.data.EditedAt) : ''}
                </Typography>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ borderRadius: '14px', p: 2 }}>
              <Typography component="h2" sx={{ fontWeight: 700, fontSize: 16, mb: 1.5 }}>
                Analysis versions
              </Typography>
              <AnalysisVersions versions={versions.data} formatTime={fmt.dateTime} />
            </Paper>
          </Box>
        </Box>
      )}
    </>
  );
}
