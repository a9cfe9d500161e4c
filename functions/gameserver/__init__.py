"""The application package shared by every Lambda function: thin handlers, the platform domain, storage."""
