// Balances, transfers between wallets, deposits and withdrawals.
export const account = {}
