// The props of the image upload dialog.

export interface ImageUploadDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  /** Sends the cropped PNG; resolves when the upload (and whatever follows it) is done. */
  onSave: (png: Blob) => Promise<void>;
  /** Shown above the crop area (features §4.8: logo uploads are public). */
  notice?: string;
}
