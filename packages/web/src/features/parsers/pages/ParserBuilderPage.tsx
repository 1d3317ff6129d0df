import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PreviewRoundedIcon from '@mui/icons-material/PreviewRounded';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import type { ParserPreviewRow, ParserReading, ParserRule, TenantParser } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { SectionHeader } from '../../../components/SectionHeader';
import { useSnackbar } from '../../../components/snackbar';
import { ApiError } from '../../../lib/errors';
import { useParserEmail, usePreviewParser, useSaveParser, useTenantParser } from '../api/parsers';
import { emptyRule, guessStatus } from '../derive';
import { EmailMarker, type Mark } from '../components/EmailMarker';
import { FieldEditor } from '../components/FieldEditor';
import { PreviewTable } from '../components/PreviewTable';
import { StatusWordsEditor } from '../components/StatusWordsEditor';

const LIST = '/app/integration/parsers';

interface Source {
  emailId: number | null;
  From: string;
  Subject: string;
  Text: string;
  Suggestions: { Key: string; Value: string }[];
}

/** What the user marked on the e-mail: the values the rule must read from it. */
type Marked = Partial<Record<'Job' | 'Device' | 'Status', string>>;

function Builder({ source, parser }: { source: Source; parser: TenantParser | null }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const preview = usePreviewParser();
  const save = useSaveParser();
  const [name, setName] = useState(parser?.Name ?? '');
  const [vendor, setVendor] = useState(parser?.Vendor ?? '');
  const [senders, setSenders] = useState((parser?.Rule.Senders ?? emptyRule(source.From).Senders).join(', '));
  const [rule, setRule] = useState<ParserRule>(parser?.Rule ?? emptyRule(source.From));
  const [marked, setMarked] = useState<Marked>({});
  const [rows, setRows] = useState<ParserPreviewRow[] | null>(null);
  const [problems, setProblems] = useState<{ message: string; errors: { Field: string; Message: string }[] } | null>(
    null,
  );
  const text = `${source.Subject}\n${source.Text}`;

  const current = (): ParserRule => ({
    ...rule,
    Senders: senders
      .split(/[,\s]+/)
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    StatusWords: rule.StatusWords.filter((w) => w.Text.trim()),
  });

  const mark = (m: Mark) => {
    setMarked((x) => ({ ...x, [m.target]: m.value }));
    if (m.target === 'Job') setRule((r) => ({ ...r, Job: m.field }));
    else if (m.target === 'Device') setRule((r) => ({ ...r, Device: m.field }));
    else
      setRule((r) => ({
        ...r,
        StatusFrom: m.field.Kind === 'fixed' ? { Kind: 'none' } : m.field,
        StatusWords: [
          ...r.StatusWords.filter((w) => w.Text.trim().toLowerCase() !== m.value.trim().toLowerCase()),
          { Text: m.value.trim(), Status: guessStatus(m.value) },
        ],
      }));
  };

  const fail = (err: unknown) => {
    if (err instanceof ApiError) {
      const d = err.data as { Errors?: { Field: string; Message: string }[] } | null;
      setProblems({ message: err.message, errors: d?.Errors ?? [] });
    } else snackbar.error(err);
  };

  const runPreview = async () => {
    setProblems(null);
    try {
      const r = await preview.mutateAsync(current());
      setRows(r);
      return r;
    } catch (err) {
      fail(err);
      return null;
    }
  };

  const submit = async () => {
    setProblems(null);
    const r = current();
    let sample: { emailId: number; Expected: ParserReading } | undefined;
    if (source.emailId !== null) {
      const previewed = await runPreview();
      if (!previewed) return;
      const own = previewed.find((p) => p.emailId === source.emailId)?.Reading;
      const word = r.StatusWords.find((w) => w.Text.toLowerCase() === marked.Status?.trim().toLowerCase());
      const Expected: ParserReading = {
        JobName: marked.Job ?? own?.JobName ?? '',
        DeviceName: marked.Device ?? own?.DeviceName ?? '',
        Status: word?.Status ?? own?.Status ?? 'Failure',
      };
      if (!marked.Status && !own) {
        setProblems({
          message: 'Mark the status on the e-mail first: which word tells how the backup went?',
          errors: [],
        });
        return;
      }
      sample = { emailId: source.emailId, Expected };
    }
    try {
      const saved = await save.mutateAsync({
        id: parser?.Id ?? null,
        input: {
          Name: name.trim(),
          Vendor: vendor.trim() || undefined,
          Enabled: parser?.Enabled ?? true,
          Rule: r,
          Sample: sample,
        },
      });
      snackbar.success(`Saved “${saved.Name}”. New e-mails from this sender are read with it.`);
      void navigate(LIST);
    } catch (err) {
      fail(err);
    }
  };

  const markedLine = (label: 'Job' | 'Device' | 'Status') => (
    <Typography sx={{ fontSize: 13.5 }} data-testid={`marked-${label.toLowerCase()}`}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {marked[label] ?? '—'}
    </Typography>
  );

  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Typography sx={{ fontWeight: 650 }}>The e-mail</Typography>
              <Typography sx={{ fontSize: 13.5, color: 'text.secondary', overflowWrap: 'anywhere' }}>
                From {source.From || 'an unknown sender'}
              </Typography>
              <EmailMarker text={text} suggestions={source.Suggestions} onMark={mark} />
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 2 }}>
              <Typography sx={{ fontWeight: 650 }}>The rule</Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
                <TextField
                  size="small"
                  label="Parser name"
                  required
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
                <TextField
                  size="small"
                  label="Product"
                  placeholder={name || 'Same as the name'}
                  value={vendor}
                  onChange={(e) => setVendor(e.target.value)}
                  helperText="Results are filed under this vendor"
                />
                <TextField
                  size="small"
                  label="Senders"
                  value={senders}
                  onChange={(e) => setSenders(e.target.value)}
                  helperText="Addresses or domains, separated by commas"
                />
                <TextField
                  size="small"
                  label="Subject contains"
                  value={rule.SubjectContains ?? ''}
                  onChange={(e) => setRule({ ...rule, SubjectContains: e.target.value })}
                  helperText="Leave empty for every subject"
                />
              </Box>
              <FieldEditor label="Job" field={rule.Job} onChange={(f) => setRule({ ...rule, Job: f })} />
              <FieldEditor label="Device" field={rule.Device} onChange={(f) => setRule({ ...rule, Device: f })} />
              <FieldEditor
                label="Status text"
                field={rule.StatusFrom}
                noneLabel="Whole e-mail"
                onChange={(f) => setRule({ ...rule, StatusFrom: f })}
              />
              <StatusWordsEditor words={rule.StatusWords} onChange={(w) => setRule({ ...rule, StatusWords: w })} />
              <Box sx={{ display: 'grid', gap: 0.25, pt: 1, borderTop: 1, borderColor: 'divider' }}>
                <Typography sx={{ fontWeight: 600, fontSize: 13.5 }}>Marked on this e-mail</Typography>
                {markedLine('Job')}
                {markedLine('Device')}
                {markedLine('Status')}
              </Box>
            </CardContent>
          </Card>
        </Grid>
      </Grid>

      {problems && (
        <Alert severity="error" sx={{ mt: 3 }} data-testid="parser-problems">
          {problems.message}
          {problems.errors.length > 0 && (
            <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
              {problems.errors.map((e) => (
                <li key={`${e.Field}${e.Message}`}>
                  {e.Field}: {e.Message}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 3, mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<PreviewRoundedIcon />}
          onClick={() => void runPreview()}
          loading={preview.isPending}
        >
          Preview on recent e-mails from this sender
        </Button>
        <Button
          variant="contained"
          startIcon={<SaveRoundedIcon />}
          onClick={() => void submit()}
          loading={save.isPending}
          disabled={!name.trim()}
        >
          Save parser
        </Button>
        <Button onClick={() => void navigate(LIST)}>Cancel</Button>
      </Box>
      {rows && (
        <Box component="section" aria-labelledby="preview-title">
          <SectionHeader
            id="preview-title"
            title="Preview"
            subtitle="What this rule reads from the latest e-mails of the sender."
          />
          <PreviewTable rows={rows} sampleId={source.emailId} />
        </Box>
      )}
    </>
  );
}

/** `/app/integration/parsers/new?emailId=` (teach from an e-mail) and `/app/integration/parsers/:id` (edit). */
export default function ParserBuilderPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const parserId = id && id !== 'new' ? Number(id) : null;
  const emailParam = params.get('emailId');
  const emailId = emailParam ? Number(emailParam) : null;
  const email = useParserEmail(emailId);
  const parser = useTenantParser(parserId);
  const sample = parser.data?.Samples[0];

  const source: Source | null = email.data
    ? email.data
    : sample
      ? { emailId: null, From: sample.From, Subject: sample.Subject, Text: sample.Text, Suggestions: [] }
      : parser.data
        ? { emailId: null, From: parser.data.Rule.Senders[0] ?? '', Subject: '', Text: '', Suggestions: [] }
        : null;
  const error = email.error ?? parser.error;
  const waiting = (emailId !== null && email.isPending) || (parserId !== null && parser.isPending);

  return (
    <>
      <PageHeader
        eyebrow="Integration · Parsers"
        title={parserId ? `Edit ${parser.data?.Name ?? 'parser'}` : 'Teach Vigil to read this'}
        subtitle="Mark where the job, device and status are in the e-mail; Vigil reads every e-mail from this sender the same way."
      />
      {error ? (
        <QueryError error={error} onRetry={() => void (email.error ? email.refetch() : parser.refetch())} />
      ) : waiting || !source ? (
        <Skeleton variant="rounded" height={420} />
      ) : (
        <Builder key={`${emailId}:${parserId}`} source={source} parser={parser.data ?? null} />
      )}
    </>
  );
}
