/**
 * The dashboard layout editor's draft: its types, building it from a saved layout, tile changes,
 * the API body and the checks before saving. One concern per file under layout/.
 */
export type { LayoutDraft, TileDraft } from './layout/draftTypes';
export { draftFromLayout } from './layout/draftFromLayout';
export { newTile, withType } from './layout/tileDrafts';
export { layoutInput } from './layout/layoutInput';
export { editorPath, validateLayout } from './layout/validateLayout';
