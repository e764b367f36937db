// Removed once the codec sources land.
