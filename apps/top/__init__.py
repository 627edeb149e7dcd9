"""`foodgames top`: the running stack's figures, read from every service's metrics endpoint."""
