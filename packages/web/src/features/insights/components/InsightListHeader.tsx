// The head of an insight type's list: back to all insights, the title with its actions, and the help.
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import { INSIGHT_TYPES, type InsightType } from '@vigil/contract';
import { PageHeader } from '../../../components/PageHeader';
import { InsightHelpPanel } from './InsightHelpPanel';

export function InsightListHeader({ type, actions }: { type: InsightType; actions: ReactNode }) {
  return (
    <>
      <Button
        component={RouterLink}
        to="/app/insights/overview"
        size="small"
        startIcon={<ArrowBackRoundedIcon />}
        sx={{ mb: 1 }}
      >
        All insights
      </Button>
      <PageHeader eyebrow="Insights" title={INSIGHT_TYPES[type].title} actions={actions} />
      <InsightHelpPanel type={type} />
    </>
  );
}
