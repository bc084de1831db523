// Order entry: the order form, its refusals and fixes, the confirmation, batches, leverage and TP/SL entry.
export const order = {}
