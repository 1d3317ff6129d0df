import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ThumbDownRoundedIcon from '@mui/icons-material/ThumbDownRounded';
import ThumbUpRoundedIcon from '@mui/icons-material/ThumbUpRounded';
import { useSnackbar } from '../../../components/snackbar';
import { FeedbackKind } from '../../../lib/alerts';
import { useSendFeedback } from '../api/alertRadar';

/**
 * Feedback thumbs (features §4.2): "How was our analysis?" until feedback is given; then the
 * chosen thumb shows highlighted and can be changed.
 */
export function FeedbackThumbs({ emailId, feedback }: { emailId: number; feedback: number }) {
  const send = useSendFeedback(emailId);
  const snackbar = useSnackbar();
  const given = feedback !== FeedbackKind.None;

  const choose = async (value: number) => {
    if (value === feedback) return;
    try {
      await send.mutateAsync({ feedback: value, first: !given });
      snackbar.success('Thank you for your feedback');
    } catch (err) {
      snackbar.error(err);
    }
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} role="group" aria-label="Feedback">
      {!given && <Typography sx={{ fontSize: 14, color: 'text.secondary', mr: 0.5 }}>How was our analysis?</Typography>}
      <Tooltip title="Good analysis">
        <IconButton
          aria-label="Good analysis"
          aria-pressed={feedback === FeedbackKind.Positive}
          disabled={send.isPending}
          color={feedback === FeedbackKind.Positive ? 'success' : 'default'}
          onClick={() => void choose(FeedbackKind.Positive)}
        >
          <ThumbUpRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Poor analysis">
        <IconButton
          aria-label="Poor analysis"
          aria-pressed={feedback === FeedbackKind.Negative}
          disabled={send.isPending}
          color={feedback === FeedbackKind.Negative ? 'error' : 'default'}
          onClick={() => void choose(FeedbackKind.Negative)}
        >
          <ThumbDownRoundedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
