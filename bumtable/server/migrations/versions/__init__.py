"""The revisions, one module each, in order: ``0001`` the first slice's schema, ``0002`` settings and claims."""
