// Access and tags of the e-mail settings routes.

/** Settings → E-mail (platform §7 "E-mail settings."): the tenant's SMTP servers and alert e-mails. */
export const canManage = { access: { permissions: ['settings.getEmailSettings'] } };
export const tags = ['E-mail settings'];
