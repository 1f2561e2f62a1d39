import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuPageProps } from '../../../session/menu-routes';
import { translate } from '../../../i18n';
import { InspectionDetail } from '../components/InspectionDetail';
import { InspectionList } from '../components/InspectionList';
import { inspectionPaths, inspectionViewOf, type InspectionView } from '../inspection-paths';
import { PhotoViewerPage } from './PhotoViewerPage';
import { FeatureSlot } from '../../../session/feature-slots';

/**
 * The inspection menu page (SPEC section 2), kept alive by the layout: the list of a project's inspections at
 * /inspection, one inspection at /inspection/:id. While the user is elsewhere it keeps showing what it showed.
 */
export default function InspectionPage({ titleKey }: MenuPageProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const here = inspectionViewOf(pathname, search);
  const [view, setView] = useState<InspectionView>(here ?? { kind: 'list', projectId: null });
  if (here && JSON.stringify(here) !== JSON.stringify(view)) setView(here);

  if (view.kind === 'editor') {
    return (
      <FeatureSlot
        key={view.inspectionId}
        name="photoEditor"
        props={{
          inspectionId: view.inspectionId,
          imageId: view.imageId,
          onOpen: (imageId) => void navigate(inspectionPaths.editor(view.inspectionId, imageId), { replace: true }),
          onBack: () => void navigate(inspectionPaths.detail(view.inspectionId)),
        }}
      />
    );
  }
  if (view.kind === 'photo') {
    return (
      <PhotoViewerPage
        key={view.inspectionId}
        inspectionId={view.inspectionId}
        imageId={view.imageId}
        onOpen={(imageId) => void navigate(inspectionPaths.photo(view.inspectionId, imageId), { replace: true })}
        onBack={() => void navigate(inspectionPaths.detail(view.inspectionId))}
      />
    );
  }
  if (view.kind === 'detail') {
    return (
      <InspectionDetail
        key={view.id}
        id={view.id}
        onBack={(projectId) => void navigate(inspectionPaths.list(projectId))}
      />
    );
  }
  return (
    <InspectionList
      title={translate(titleKey)}
      projectId={view.projectId}
      onChooseProject={(projectId) => void navigate(inspectionPaths.list(projectId))}
      onOpen={(id) => void navigate(inspectionPaths.detail(id))}
    />
  );
}
