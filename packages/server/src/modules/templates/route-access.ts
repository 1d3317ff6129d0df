// Access and tags of the template routes.

export const canView = { access: { permissions: ['manage.getTemplates'] } };
export const canEdit = { access: { permissions: ['manage.getTemplates', 'manage.editTemplates'] } };
// Applying writes backup settings and activates backups: it needs the right to edit backups too.
export const canApply = {
  access: { permissions: ['manage.getTemplates', 'manage.editTemplates', 'manage.editbackups'] },
};
export const tags = ['Templates'];
