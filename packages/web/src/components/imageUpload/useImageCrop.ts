// The state of the image upload: the chosen picture, its crop and zoom, and saving it as PNG.
import { useCallback, useEffect, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { IMAGE_MAX_SIDE, MAX_FILE_SIZE } from '@vigil/contract';
import { resolveErrorMessage } from '../../lib/errors';
import { cropToPng, imageFileProblem, type CropArea } from '../../lib/image';
import type { CropShape } from './ImageCropControls';

export function useImageCrop(
  onSave: (png: Blob) => Promise<void>,
  onClose: () => void,
  onBusy: (busy: boolean) => void,
) {
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [shape, setShape] = useState<CropShape>('wide');
  const [area, setArea] = useState<CropArea | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => () => (src ? URL.revokeObjectURL(src) : undefined), [src]);
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = imageFileProblem(file, MAX_FILE_SIZE);
    if (problem) return setError(problem);
    setError(null);
    setArea(null);
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    setSrc(URL.createObjectURL(file));
  };

  const onCropComplete = useCallback((_: Area, pixels: Area) => setArea(pixels), []);

  const save = async () => {
    if (!src || !area) return;
    setPending(true);
    onBusy(true);
    setError(null);
    try {
      await onSave(await cropToPng(src, area, IMAGE_MAX_SIDE));
      onClose();
    } catch (err) {
      setError(resolveErrorMessage(err));
    } finally {
      setPending(false);
      onBusy(false);
    }
  };

  return { src, crop, setCrop, zoom, setZoom, shape, setShape, area, error, pending, choose, onCropComplete, save };
}
