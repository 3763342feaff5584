/** Where users write when something looks wrong (the not-found page's feedback line). */
export const SUPPORT_EMAIL = 'help@dealcoach.app'
