import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  AlertClassificationInput,
  AlertClassificationItem,
  AlertModelOverview,
  AlertRetrainResult,
  AlertTypeItem,
  AlertTypesInput,
  NerLabel,
} from '@vigil/contract';
import { queryClient } from '../../../lib/queries';
import { api } from '../../../lib/session';
import { SCOPE, scopeKeys } from './alertScope';

/** NER labels (features §7): every change is followed by reloading the label list. */
export function useNerLabels() {
  return useQuery({ queryKey: scopeKeys.labels, queryFn: () => api.get<NerLabel[]>(`${SCOPE}/ner-labels`) });
}

const reloadLabels = () => queryClient.invalidateQueries({ queryKey: scopeKeys.labels });

/** features §9: creating a label always yields NamedEntities. */
export function useCreateNerLabel() {
  return useMutation({
    mutationFn: (label: string) => api.post<NerLabel>(`${SCOPE}/ner-labels`, { Label: label, NerType: 1 }),
    onSettled: reloadLabels,
  });
}

export function useRenameNerLabel() {
  return useMutation({
    mutationFn: (p: { OldLabel: string; NewLabel: string }) => api.put<NerLabel>(`${SCOPE}/ner-labels`, p),
    onSettled: reloadLabels,
  });
}

export function useDeleteNerLabel() {
  return useMutation({
    mutationFn: (id: number) => api.delete(`${SCOPE}/ner-labels/${id}`),
    onSettled: reloadLabels,
  });
}

export function useClassifications() {
  return useQuery({
    queryKey: scopeKeys.classifications,
    queryFn: () => api.get<AlertClassificationItem[]>(`${SCOPE}/classifications`),
  });
}

const reloadClassifications = () => queryClient.invalidateQueries({ queryKey: scopeKeys.classifications });

export function useSaveClassification() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AlertClassificationInput }) =>
      id === null
        ? api.post<AlertClassificationItem>(`${SCOPE}/classifications`, input)
        : api.put<AlertClassificationItem>(`${SCOPE}/classifications/${id}`, input),
    onSettled: reloadClassifications,
  });
}

export function useDeleteClassification() {
  return useMutation({
    mutationFn: (id: number) => api.delete(`${SCOPE}/classifications/${id}`),
    onSettled: reloadClassifications,
  });
}

export function useAlertTypes() {
  return useQuery({ queryKey: scopeKeys.types, queryFn: () => api.get<AlertTypeItem[]>(`${SCOPE}/alert-types`) });
}

export function useSaveAlertTypes() {
  return useMutation({
    mutationFn: (list: AlertTypesInput) => api.put<AlertTypeItem[]>(`${SCOPE}/alert-types`, list),
    onSuccess: (list) => queryClient.setQueryData(scopeKeys.types, list),
  });
}

export function useAlertModel() {
  return useQuery({ queryKey: scopeKeys.model, queryFn: () => api.get<AlertModelOverview>(`${SCOPE}/model`) });
}

export function useRetrain() {
  return useMutation({
    mutationFn: () => api.post<AlertRetrainResult>(`${SCOPE}/model/retrain`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scopeKeys.model }),
  });
}

export function usePromote() {
  return useMutation({
    mutationFn: (id: number) => api.post<AlertModelOverview>(`${SCOPE}/model/${id}/promote`),
    onSuccess: (m) => queryClient.setQueryData(scopeKeys.model, m),
  });
}
