"""Introspection: events, explain() and source sites, plugged into every tape as an observer."""
