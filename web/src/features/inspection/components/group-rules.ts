import type { FormRule } from 'antd';
import { imageGroupInputSchema } from '@sightline/shared';
import { valueRule } from '../../../lib/form-rules';
import type { Parser } from '../../../lib/field-issues';

/** An empty number input holds null; the shared schema reads a missing value as "required". */
const absentAsUndefined = (parser: Parser): Parser => ({
  safeParse: (value: unknown) => parser.safeParse(value ?? undefined),
});

/** The shared rules of an image group's fields (SPEC section 5): name up to 10 characters, whole metres > 0. */
export const groupRules: Record<'name' | 'cameraParamId' | 'photoDistance', FormRule[]> = {
  name: [valueRule(imageGroupInputSchema.shape.name)],
  cameraParamId: [valueRule(absentAsUndefined(imageGroupInputSchema.shape.cameraParamId))],
  photoDistance: [valueRule(absentAsUndefined(imageGroupInputSchema.shape.photoDistance))],
};
