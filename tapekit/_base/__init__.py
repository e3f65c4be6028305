"""The base layer: dtypes, shapes, where the user's code is, name scopes, messages."""
