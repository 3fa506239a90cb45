import { validationMessages } from '@vod/contract'

/** English server messages; keys shared with zh-CN.ts. `{name}` marks a parameter. */
export const en = {
  ...validationMessages.en,
  'errors.bad_request': 'The request is malformed.',
  'errors.bad_json': 'The request body is not valid JSON.',
  'errors.body_not_object': 'The request body must be a JSON object.',
  'errors.content_type': 'The content type {type} is not accepted here.',
  'errors.too_large': 'The request body is too large.',
  'errors.too_deep': 'The request body is nested too deeply (at most {max} levels).',
  'errors.api_version': 'API version {version} is not supported; this server speaks {supported}.',
  'errors.unauthenticated': 'Unauthenticated.',
  'errors.forbidden': 'This action is unauthorized.',
  'errors.not_found': 'Not found.',
  'errors.method_not_allowed': 'The method is not allowed here.',
  'errors.in_use': 'This record is still used by other records.',
  'errors.bulk_limit':
    'At most {limit} rows can be changed in one request; narrow the filters or select rows.',
  'errors.restore_taken':
    'The record cannot be put back: a record added since holds one of its unique values.',
  'errors.restore_missing': 'The record cannot be put back: a record it refers to was deleted since.',
  'errors.action_state': 'The action {action} does not apply while the record is {state}.',
  'errors.scheduled_ran': 'A scheduled change can be changed only while pending; this one is {state}.',
  'scheduled.done_publish': 'Published.',
  'scheduled.done_take_down': 'Taken down.',
  'scheduled.late': 'No server was running at its time; it ran as soon as one started.',
  'scheduled.not_permitted': 'The admin who scheduled it may no longer make this change.',
  'scheduled.scheduler_gone': 'The admin who scheduled it is disabled.',
  'scheduled.broken': 'The change could not be made (a server error); see the server log.',
  'errors.stale':
    '{who} changed this record at {when}, after the version this change was made from; nothing was saved.',
  'errors.stale_elsewhere':
    'This record was changed elsewhere after the version this change was made from; nothing was saved.',
  'holders.sources': 'Sources are still filed under this genre; move them to another genre first.',
  'holders.seos': "SEO entries still describe this tag's page; change or delete them first.",
  'holders.promotion_plans': 'Promotions still apply to this plan; take it out of them first.',
  'holders.deals': 'Deals still offer this plan; delete them first.',
  'holders.subscriptions': 'Subscriptions still refer to this record; it is kept for their history.',
  'holders.orders': 'Orders still refer to this record; it is kept for their history.',
  'holders.users': 'Members still refer to this record; change them first.',
  'holders.tags': 'Tags are still filed under this category; move them first.',
  'holders.videos': 'Videos still refer to this record; change them first.',
  'holders.video_tags': 'Videos still carry this tag; remove it from them first.',
  'holders.video_directors': 'Videos still name this director; remove the director from them first.',
  'holders.block_videos': 'Page blocks still show this video; take it out of them first.',
  'errors.file_type': 'Files of this type are not accepted here (allowed: {allowed}).',
  'errors.file_missing': 'Send the file in the form field "file".',
  'errors.file_blocked': 'The file name {name} is on the block list ({entry}).',
  'errors.upload_incomplete': 'The upload did not arrive whole. Please send it again.',
  'errors.date_out_of_range': 'A date is outside the years 1 to 9999 (UTC).',
  'errors.bad_multipart': 'The form data could not be read: it is malformed or did not arrive whole.',
  'errors.exports_busy': 'Other exports are running; please try again in a few seconds.',
  'errors.bulk_busy': 'Other bulk actions are running; please try again in a few seconds.',
  'errors.search_busy': 'Many searches are running right now; please try again in a few seconds.',
  'errors.analytics_busy': 'Many reports are being worked out right now; please try again in a few seconds.',
  'errors.restatements_one_scope':
    'Restatements of subscription economics are kept for the whole business, one channel, one campaign or one plan across every channel: ask for one of them.',
  'errors.figures_unkept_wal_level':
    "No figures are kept: this PostgreSQL's wal_level is {value}, and the figures follow its change stream, which needs logical decoding. Set wal_level = logical (Amazon RDS and Aurora: the parameter rds.logical_replication = 1; Google Cloud SQL: the flag cloudsql.logical_decoding = on; Azure Database for PostgreSQL: the server parameter wal_level = LOGICAL) and restart PostgreSQL; the server then builds the figures by itself.",
  'errors.figures_unkept_version':
    'No figures are kept: this is PostgreSQL {value}, and the change stream the figures follow needs PostgreSQL 14 or later. Once the database is upgraded, the server builds the figures by itself.',
  'errors.figures_unkept_replication':
    'No figures are kept: the database role the server connects as may not read the change stream the figures follow. Give it REPLICATION (ALTER ROLE … REPLICATION; Amazon RDS and Aurora: GRANT rds_replication TO …; Google Cloud SQL: ALTER USER … WITH REPLICATION); the server then builds the figures by itself.',
  'errors.file_name_too_long': 'The file name may have at most {max} characters.',
  'errors.not_csv': 'The file is not a UTF-8 CSV file.',
  'errors.file_required': 'Send the CSV file in the form field "file", or JSON rows.',
  'errors.server': 'Server Error',
  'errors.database_unavailable':
    'The service is briefly unavailable: its database cannot be used right now. Please try again shortly.',
  'auth.failed': 'These credentials do not match our records.',
  'auth.account_disabled': 'This account is disabled. Ask an administrator to enable it.',
  'auth.token_invalid': 'This is not a valid sign-in token. Please log in.',
  'auth.session_ended': 'Your session has ended. Please log in again.',
  'auth.wrong_current_password': 'The current password is incorrect.',
  'auth.same_password': 'The new password must differ from the current one.',

  'auth.throttled': 'Too many login attempts. Please try again in {seconds} seconds.',
  'two_factor.code_invalid': 'The code is wrong, expired or already used.',
  'two_factor.code_required': 'Enter the current code from your authenticator.',
  'two_factor.already_bound': 'An authenticator is already bound; verify with its code.',
  'two_factor.nothing_pending': 'Request a new authenticator secret first.',
  'two_factor.not_needed': 'This login does not need an authenticator code.',
  'admins.self_delete': 'You cannot delete your own account.',
  'admins.self_disable': 'You cannot disable your own account.',
  'admins.last_super_admin': 'At least one enabled admin must keep the super-admin role.',
  'admins.already_enabled': 'This admin is already enabled.',
  'admins.already_disabled': 'This admin is already disabled.',
  'admins.not_bound': 'This admin has no authenticator bound.',
  'admins.has_members': 'This admin still has {count} allocated member(s); reassign them first.',
  'admins.own_roles': 'You cannot change your own roles.',
  'admins.super_admin_only': 'Only a super-admin can change a super-admin.',
  'admins.wider_fields': 'You cannot change an admin who reads fields you may not read in full: {names}.',
  'admins.stronger': 'You cannot change an admin who holds permissions you do not hold: {names}.',
  'admins.status_permission': 'Changing the status needs the permission {permission}.',
  'history.not_restorable': "Entry #{entry} of this record's history cannot be restored here.",
  'history.not_changed':
    'Entry #{entry} did not change {field}: only the values an entry changed can be restored from it.',
  'fields.hidden': 'The field {field} is not one you may read: no list sorts, filters or ranges by it.',
  'fields.read_only': 'You may not change these fields: {names}.',
  'fields.unknown': 'Field rules may name only the fields of a record: {names}.',
  'fields.no_mask': 'These fields have no mask to show: {names}.',
  'fields.not_held': 'You cannot grant field rules wider than your own: {names}.',
  'grants.permissions_not_held': 'You cannot grant permissions you do not hold: {names}.',
  'grants.roles_wider_fields': 'You cannot give a role that reads fields you may not read in full: {names}.',
  'grants.roles_not_held': 'You cannot give a role with permissions you do not hold: {names}.',
  'saved_views.default_not_shared': 'A view is the default only of roles it is shared with.',
  'saved_views.default_taken': 'These roles already have a default view of this list: {names}.',
  'roles.in_use': 'This role is held by {count} admin(s); take it from them first.',
  'roles.super_admin': 'The super-admin role cannot be deleted, renamed or stripped of permissions.',
  // Plans, promotions and deals (modules/plans).
  'plans.discount_above_original':
    'The {attribute} must not be greater than the original price ({original}).',
  'plans.recurring_incomplete':
    'The {attribute} field is required for a renewal: set its period count, unit and original price together, or none of them.',
  'plans.below_deal':
    'The {attribute} must not be below the price of the enabled deal "{deal}" ({price}); change or disable that deal first.',
  'deals.price_above_original':
    "The {attribute} must not be greater than the plan's original price ({original}).",
  'tags.genre_in_use':
    'The {attribute} cannot change: the source "{source}" is filed under this genre; move it to another genre first.',
  'orders.fees_exceed_amount': 'The fees together must not exceed the amount ({amount}).',
  'orders.fees_exceed_amount_hidden': 'The fees together must not exceed the amount.',
  'orders.over_amount':
    'Refunds and chargebacks together may not exceed the order amount {amount} ({left} left).',
  'orders.not_paid': 'The order is not paid: there is nothing to give back.',
  'orders.over_amount_hidden': 'Refunds and chargebacks together may not exceed the order amount.',
  'orders.before_paid': 'The {attribute} cannot be before the order was paid ({paid_at}).',
  'orders.before_paid_hidden': 'The {attribute} cannot be before the order was paid.',
  'orders.in_future': 'The {attribute} cannot be in the future.',
  'payouts.net_mismatch':
    'The {attribute} must equal the gross less fees, refunds and chargebacks ({expected}).',
  'users.already_enabled': 'This member is already enabled.',
  'users.already_disabled': 'This member is already disabled.',
  'users.no_email': 'This member has no e-mail address to write to.',
  'supports.no_email': 'This ticket has no e-mail address to reply to.',
  'supports.bad_email':
    "This ticket's e-mail address is not a single address (a list, a group or extra lines), so no reply is sent to it.",
  'users.mail_throttled':
    'At most {limit} such e-mails an hour go to one member. Please try again in {minutes} minute(s).',
  'report_subscriptions.no_email': 'Add an e-mail address to your profile first: reports are sent to it.',
  'report_subscriptions.limit': 'You may hold at most {max} report subscriptions; cancel one first.',
  // Channels and campaigns (modules/channels).
  'channels.already_active': 'This channel is already active.',
  'channels.already_archived': 'This channel is already archived.',
  // Spec section 5's password rule, in the contract's words (contract/src/rules.ts passwordMessages).
} as const

export type MessageKey = keyof typeof en

/** Field names as people read them; a field not listed reads as its wire name with spaces. */
export const enAttributes: Record<string, string> = {
  per_page: 'per page',
  category_id: 'category ID',
  created_at_from: 'created from',
  created_at_to: 'created to',
  role_ids: 'roles',
  admin_ids: 'admins',
  admin_id: 'admin',
  // Members and the IP whitelist.
  address: 'IP address',
  // Orders and payouts.
  transaction_fee: 'transaction fee',
  settlement_fee: 'settlement fee',
  reserve_fee: 'reserve fee',
  net: 'net amount',
  period_end: 'period end',
  // Merchandising.
  advertisement_id: 'advertisement',
  cta: 'button text',
  cta_position: 'button position',
  on_page: 'page',
  gender: 'audience',
  is_popular: 'popular badge',
}
