"""The TF-shaped API's internal modules; the public namespaces (tk.math, tk.nn, ...) import them."""
