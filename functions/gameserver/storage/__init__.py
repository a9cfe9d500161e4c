"""DynamoDB, and nothing else, lives here: the table definitions, the keys, the port and its adapter.

Importing this package is cheap: botocore is imported when the first client is made.
"""
