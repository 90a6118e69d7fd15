"""The learners' JupyterLab (`make lab`): the lessons without the teachers' tools.

nbgrader (its menus, the Create Assignment panel and its "No nbgrader_config.py file found" lines) and Voila's
preview come with the test and classroom extras; a learner does not need them, so `make lab` turns their server
extensions off here and their front-end parts off in labconfig/page_config.json (which also silences JupyterLab's
"get notified about Jupyter news" question). Teachers: `make lab CLASSROOM=1` starts JupyterLab with them.
"""
c = get_config()  # noqa: F821  (jupyter's config loader defines it)
c.ServerApp.jpserver_extensions = {
    "nbgrader.server_extensions.formgrader": False,
    "nbgrader.server_extensions.validate_assignment": False,
    "nbgrader.server_extensions.assignment_list": False,
    "nbgrader.server_extensions.course_list": False,
    "voila.server_extension": False,
}
