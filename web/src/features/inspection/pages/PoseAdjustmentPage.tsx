import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@sightline/shared';
import { getToken } from '../../../api/token';
import { SignInRequired } from '../../../components/SignInRequired';
import { PoseAdjustForm } from '../components/PoseAdjustForm';
import { poseAdjustmentQuery } from '../pose-paths';

/**
 * /poseAdjustment?inspectionId=<id>&imageIds=<id>,<id> (SPEC section 2's static route, "login: no"): the pose form
 * full page. The route is open like the other static pages (no menu entry, no app layout), but every pose call needs
 * a session, so without one the page says so and offers login (docs/user-guide.md, "Image pose adjustment").
 */
export default function PoseAdjustmentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = poseAdjustmentQuery(params, LIMITS.poseAdjust.batchMax);

  if (!getToken()) {
    return (
      <SignInRequired
        title={t('pose.page.signInTitle')}
        hint={t('pose.page.signInHint')}
        action={t('pose.page.signIn')}
        testId="pose"
      />
    );
  }
  if (!query) {
    return (
      <Result
        status="warning"
        title={t('pose.page.missingQuery')}
        subTitle={t('pose.page.missingQueryHint')}
        data-testid="pose-page-missing"
      />
    );
  }
  return (
    <Card
      title={query.imageIds.length > 1 ? t('pose.titleBatch', { count: query.imageIds.length }) : t('pose.page.title')}
      style={{ maxWidth: 900, margin: '0 auto' }}
      data-testid="pose-page"
    >
      <PoseAdjustForm inspectionId={query.inspectionId} imageIds={query.imageIds} />
    </Card>
  );
}
