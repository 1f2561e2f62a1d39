import { Suspense, createContext, createElement, useContext, type ComponentType, type ReactNode } from 'react';
import type { ViewerApi } from '../viewer';

/**
 * Where one feature shows a part of another without importing it (features stay independent): the feature that
 * hosts a slot renders `<FeatureSlot>`, which shows whatever web/src/app put in it, and nothing while it is empty.
 */
export interface FeatureSlots {
  /** The image editor of one photo of an inspection, where its defects are drawn. */
  photoEditor?: ComponentType<{
    inspectionId: number;
    imageId: number;
    onOpen: (imageId: number) => void;
    onBack: () => void;
  }>;
  /** Below an inspection's photos: its defects. */
  inspectionSection?: ComponentType<{ inspectionId: number; projectId: number }>;
  /** Below an inspection's photos: its AI screening and the review of what the AI found. */
  inspectionScreening?: ComponentType<{ inspectionId: number; projectId: number }>;
  /** Below an inspection's defects: its reports, and a new report in three steps. */
  inspectionReports?: ComponentType<{ inspectionId: number; projectId: number }>;
  /** A project's damage filter range (disease-filter), editable with the project's configuration right. */
  projectFilterRange?: ComponentType<{ projectId: number; editable: boolean }>;
  /** Above an inspection's defects, when it has a previous inspection: its historical defect matching. */
  inspectionHistory?: ComponentType<{
    inspectionId: number;
    projectId: number;
    previousInspection: { id: number; name: string };
  }>;
  /** A layer of the project's 3D view: its button for the view's toolbar, for the inspection the photo layer chose. */
  sceneLayer?: ComponentType<{ api: ViewerApi; projectId: number; inspectionId: number | null }>;
  /** The 3D view's key defects: their button for the view's toolbar, for the inspection the photo layer chose. */
  sceneKeyDefects?: ComponentType<{ api: ViewerApi; projectId: number; inspectionId: number | null }>;
}

type SlotProps<K extends keyof FeatureSlots> = NonNullable<FeatureSlots[K]> extends ComponentType<infer P> ? P : never;

export const FeatureSlotsContext = createContext<FeatureSlots>({});

/** The slot's part with `props`, loading behind `fallback`; nothing when the slot is empty. */
export function FeatureSlot<K extends keyof FeatureSlots>({
  name,
  props,
  fallback = null,
}: {
  name: K;
  props: SlotProps<K>;
  fallback?: ReactNode;
}) {
  // Widened: TypeScript cannot pair a slot's component with its props through the generic name.
  const component = useContext(FeatureSlotsContext)[name] as ComponentType<object> | undefined;
  if (!component) return null;
  return <Suspense fallback={fallback}>{createElement(component, props as object)}</Suspense>;
}
