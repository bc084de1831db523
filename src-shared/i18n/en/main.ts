// What main itself says: startup notices, refusals and errors of its services, the desktop menu.
export const main = {}
