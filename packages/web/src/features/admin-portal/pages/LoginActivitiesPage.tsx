import { useSearchParams } from 'react-router';
import { DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { QueryError } from '../../../components/QueryError';
import { useLoginActivity } from '../api/admin';
import { LoginActivityFooter } from '../components/loginActivity/LoginActivityFooter';
import { loginActivityColumns as columns } from '../components/loginActivity/loginActivityColumns';

/** `/admin/user-login-activities`: every sign-in attempt, newest first, 50 a page. */
export default function LoginActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const activity = useLoginActivity(page);
  const data = activity.data;
  const footer =
    data && data.Total > 0 ? (
      <LoginActivityFooter data={data} page={page} onPage={(p) => setParams(p === 1 ? {} : { page: String(p) })} />
    ) : undefined;

  return (
    <>
      <PageHeader
        eyebrow="Admin Portal"
        title="Login activity"
        subtitle="Every sign-in attempt on the platform, newest first, with where it came from."
      />
      {activity.isError ? (
        <QueryError error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <DataTable
          caption="Login activity"
          columns={columns}
          rows={data?.Results}
          rowKey={(a) => a.Id}
          loading={activity.isPending}
          emptyText="No sign-ins recorded yet."
          footer={footer}
        />
      )}
    </>
  );
}
