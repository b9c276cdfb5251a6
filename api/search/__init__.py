"""The top bar's one search box: a read model over clients, contacts, leads, cost sheets and users."""
