import { useParams } from 'react-router';
import { NotFound } from '../../../components/NotFound';
import { insightTypeFromParam } from '../../../lib/insightText';
import { InsightList } from '../components/InsightList';

/** `/app/insights/{insightType}`: one type's suggestions, to apply or dismiss (features §2.6, §9). */
export default function InsightListPage() {
  const type = insightTypeFromParam(useParams().insightType);
  if (!type) return <NotFound />;
  return <InsightList key={type} type={type} />;
}
